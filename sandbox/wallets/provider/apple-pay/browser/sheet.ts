// The sheet's own script (wallet origin, inside the stand-in's frame). The tester picks a card, sees the
// total and line items, presses Pay (Touch ID's stand-in) or Cancel (Escape too). Pay asks the sheet's
// server to seal a token, with the nonce only this document holds; the token goes to the page that
// opened the sheet, at its exact origin. Messages from that page are read only through
// decodePageMessage.

import {
  decodePageMessage,
  SHEET_SOURCE,
  type AuthorizedPayment,
  type LineItemView,
  type PaymentMethodView,
  type SheetMessage,
} from './messages.ts';

interface SheetData {
  sheetId: string;
  nonce: string;
  pageOrigin: string;
  currency: string;
  lang: string;
  cards: (PaymentMethodView & { id: string; eligible: boolean })[];
  text: Record<'processing' | 'waiting' | 'done' | 'failed' | 'retry' | 'noCard' | 'update', string>;
}

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`the sheet has no #${id}`);
  return found;
}

function run(): void {
  const holder = element('sheet-data');
  const data = JSON.parse(holder.dataset['sheet'] ?? '{}') as SheetData;
  const pay = element('pay') as HTMLButtonElement;
  const cancel = element('cancel') as HTMLButtonElement;
  const status = element('status');
  const totalAmount = element('total-amount');
  const totalLabel = element('total-label');
  const items = element('line-items');
  const radios = [...document.querySelectorAll<HTMLInputElement>('input[name="card"]')];
  const format = new Intl.NumberFormat(data.lang, { style: 'currency', currency: data.currency });
  let amount = element('total').dataset['amount'] ?? '0';
  let state: 'updating' | 'ready' | 'paying' | 'waiting' | 'done' = 'updating';

  const post = (message: SheetMessage) => {
    window.parent.postMessage(message, data.pageOrigin);
  };
  const base = { source: SHEET_SOURCE, sheetId: data.sheetId } as const;
  const say = (text: string) => {
    status.textContent = text;
  };
  const selected = () => radios.find((radio) => radio.checked && !radio.disabled);
  const setState = (next: typeof state) => {
    state = next;
    pay.disabled = next !== 'ready' || selected() === undefined;
    for (const radio of radios)
      radio.disabled =
        next === 'paying' ||
        next === 'waiting' ||
        next === 'done' ||
        !data.cards.find((c) => c.id === radio.value)?.eligible;
  };

  const selectCard = () => {
    const radio = selected();
    const card = data.cards.find((c) => c.id === radio?.value);
    if (card === undefined) {
      say(data.text.noCard);
      setState('ready');
      return;
    }
    say(data.text.update);
    setState('updating');
    post({
      ...base,
      type: 'methodSelected',
      paymentMethod: { displayName: card.displayName, network: card.network, type: card.type },
    });
  };

  const renderLines = (total: LineItemView, lineItems: LineItemView[]) => {
    amount = total.amount ?? '0';
    totalLabel.textContent = total.label;
    totalAmount.textContent = format.format(Number(amount));
    items.replaceChildren(
      ...lineItems.map((item) => {
        const row = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = item.label;
        const value = document.createElement('span');
        value.textContent = item.amount === undefined ? '…' : format.format(Number(item.amount));
        row.append(label, value);
        return row;
      }),
    );
  };

  window.addEventListener('message', (event) => {
    const message = decodePageMessage(
      { origin: event.origin, source: event.source, data: event.data as unknown },
      { origin: data.pageOrigin, source: window.parent, sheetId: data.sheetId },
    );
    if (message === undefined) return;
    if (message.type === 'methodUpdate' && state === 'updating') {
      renderLines(message.total, message.lineItems);
      say('');
      setState('ready');
    } else if (message.type === 'result' && state === 'waiting') {
      if (message.final) {
        say(message.success ? data.text.done : data.text.failed);
        setState('done');
      } else {
        say(data.text.retry);
        setState('ready');
      }
    }
  });

  pay.addEventListener('click', () => {
    const radio = selected();
    if (state !== 'ready' || radio === undefined) return;
    setState('paying');
    say(data.text.processing);
    void fetch('/apple-pay/sheet/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sheetId: data.sheetId, nonce: data.nonce, card: radio.value, amount }),
    })
      .then(async (response) => {
        const body = (await response.json()) as { payment?: AuthorizedPayment; message?: string };
        if (!response.ok || body.payment === undefined) throw new Error(body.message ?? 'refused');
        setState('waiting');
        say(data.text.waiting);
        post({ ...base, type: 'authorized', payment: body.payment });
      })
      .catch((error: unknown) => {
        say(error instanceof Error ? error.message : String(error));
        setState('ready');
      });
  });

  const doCancel = () => {
    if (state !== 'done') post({ ...base, type: 'cancel' });
  };
  cancel.addEventListener('click', doCancel);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') doCancel();
  });
  for (const radio of radios) radio.addEventListener('change', selectCard);

  setState('updating');
  (selected() ?? cancel).focus();
  selectCard();
}

run();
