// The sheet's document: what the tester sees in the stand-in's frame. No inline script or style: the
// data travels in one escaped data-* attribute, code and styles are files of the wallet origin, so the
// page's CSP can be strict; it may be framed only by the page that opened it (and that page's
// ancestors).

import { csp, escapeHtml, htmlDocument, type Page } from '../../../three-ds/pages.ts';
import { appleBillingContact } from '../../holder.ts';
import type { SheetCard, SheetRequest } from './gateway.ts';

const TEXT = {
  en: {
    card: 'Card',
    notAccepted: 'not accepted',
    pay: 'Pay with Touch ID',
    cancel: 'Cancel',
    total: 'Total',
    processing: 'Processing…',
    waiting: 'Waiting for the merchant…',
    done: 'Done',
    failed: 'Payment not completed',
    retry: 'Payment not completed. Try again or pick another card.',
    noCard: 'No card in this wallet is accepted here.',
    update: 'Updating…',
    billing: 'Billing contact',
  },
  pt: {
    card: 'Cartão',
    notAccepted: 'não aceito',
    pay: 'Pagar com Touch ID',
    cancel: 'Cancelar',
    total: 'Total',
    processing: 'Processando…',
    waiting: 'Aguardando o lojista…',
    done: 'Concluído',
    failed: 'Pagamento não concluído',
    retry: 'Pagamento não concluído. Tente de novo ou escolha outro cartão.',
    noCard: 'Nenhum cartão desta carteira é aceito aqui.',
    update: 'Atualizando…',
    billing: 'Contato de cobrança',
  },
} as const;

const STYLESHEET = '<link rel="stylesheet" href="/apple-pay/assets/sheet.css">';

export function sheetErrorPage(status: number, message: string): Page {
  return {
    status,
    // An error page may be framed anywhere, so a developer sees why the sheet did not open.
    csp: csp({ formAction: "'none'", frameAncestors: undefined }),
    html: htmlDocument(
      'Apple Pay (sandbox): error',
      STYLESHEET,
      `<main><h1>Apple Pay</h1><p role="alert">${escapeHtml(message)}</p></main>`,
    ),
  };
}

export function sheetPage(input: {
  sheetId: string;
  nonce: string;
  pageOrigin: string;
  frameAncestors: readonly string[];
  displayName: string;
  request: SheetRequest;
  cards: readonly SheetCard[];
  lang: string;
}): Page {
  const pt = /^pt\b/i.test(input.lang);
  const text = pt ? TEXT.pt : TEXT.en;
  const locale = pt ? 'pt-BR' : 'en';
  const money = (amount: string | undefined) => {
    if (amount === undefined) return '…';
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: input.request.currencyCode,
      }).format(Number(amount));
    } catch {
      return `${input.request.currencyCode} ${amount}`;
    }
  };
  const firstEligible = input.cards.find((card) => card.eligible)?.id;
  const cards = input.cards
    .map(
      (card) =>
        `<label${card.eligible ? '' : ' class="not-accepted"'}><input type="radio" name="card" value="${escapeHtml(card.id)}"${
          card.id === firstEligible ? ' checked' : ''
        }${card.eligible ? '' : ' disabled'}> ${escapeHtml(card.displayName)}${
          card.eligible ? '' : ` (${text.notAccepted})`
        }</label>`,
    )
    .join('\n');
  const lines = input.request.lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.label)}</span><span>${escapeHtml(money(item.amount))}</span></li>`,
    )
    .join('\n');
  // Apple's sheet shows the billing contact it will give when the request asks for one.
  const contact = appleBillingContact(input.request.requiredBillingContactFields);
  const billing =
    contact?.givenName === undefined
      ? ''
      : `\n<p class="contact">${text.billing}: ${escapeHtml(`${contact.givenName} ${contact.familyName ?? ''}`.trim())}</p>`;
  const data = {
    sheetId: input.sheetId,
    nonce: input.nonce,
    pageOrigin: input.pageOrigin,
    currency: input.request.currencyCode,
    lang: locale,
    cards: input.cards,
    text: {
      processing: text.processing,
      waiting: text.waiting,
      done: text.done,
      failed: text.failed,
      retry: text.retry,
      noCard: text.noCard,
      update: text.update,
    },
  };
  return {
    status: 200,
    csp: csp({ formAction: "'none'", frameAncestors: input.frameAncestors }),
    html: htmlDocument(
      'Apple Pay (sandbox)',
      `${STYLESHEET}\n<script src="/apple-pay/assets/sheet.js" defer></script>`,
      `<main aria-labelledby="title">
<h1 id="title">Apple Pay <span class="badge">sandbox</span></h1>
<p class="merchant">${escapeHtml(input.displayName)}</p>
<fieldset>
<legend>${text.card}</legend>
${cards}
</fieldset>${billing}
<ul id="line-items" aria-label="${escapeHtml(text.total)}">
${lines}
</ul>
<p class="total" id="total" data-amount="${escapeHtml(input.request.total.amount)}"><span id="total-label">${escapeHtml(
        input.request.total.label,
      )}</span><span id="total-amount">${escapeHtml(money(input.request.total.amount))}</span></p>
<p id="status" role="status" aria-live="polite"></p>
<div class="actions">
<button type="button" id="cancel">${text.cancel}</button>
<button type="button" id="pay" class="pay" disabled>${text.pay}</button>
</div>
</main>
<div id="sheet-data" hidden data-sheet="${escapeHtml(JSON.stringify(data))}"></div>`,
      locale,
    ),
  };
}
