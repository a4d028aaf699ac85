// The boleto on the merchant page (`<svc-boleto>`): its amount and due date, the barcode drawn in SVG
// (Interleaved 2 of 5, one path, crisp at any size), the linha digitável to copy, a link to the
// service's print page, and a live line saying what the payment waits for. Loaded only with a boleto,
// with the check of its payer (brazil/boleto-payer.ts), which runs before anything is sent.

import { groupDigitableLine, interleaved2of5, isBoletoBarcode } from '../brazil/boleto-barcode.ts';
import { boletoMessages } from '../i18n/boleto.ts';
export { checkPayer } from '../brazil/boleto-payer.ts';
import type { Locale } from '../i18n/index.ts';
import type { Boleto } from '../types.ts';
import { copyButton, pendingView, svg, type PendingView } from './pending-view.ts';
import { attachStyledShadow, element, ElementBase } from './shadow.ts';

const CSS = `
:host { display: block; }
.boleto { display: grid; gap: 0.5rem; justify-items: start; }
.title { font-weight: 600; margin: 0; }
p { margin: 0; }
svg { width: 100%; max-width: 36rem; height: 4rem; }
.line { display: grid; gap: 0.25rem; width: 100%; }
input { font: inherit; font-variant-numeric: tabular-nums; width: 100%; box-sizing: border-box; padding: 0.5rem; }
button, a { font: inherit; padding: 0.5rem 0.75rem; }
button { cursor: pointer; }
.done svg, .done .line, .done button, .done a { display: none; }
@media print { button, [role=status] { display: none; } }
`;

/** The bars' height in narrow modules: FEBRABAN asks 13 mm for bars of about 0.43 mm. */
const BAR_HEIGHT = 30;

/**
 * The boleto `pay({method: 'boleto', target})` shows in `target`: its amount and due date, the barcode,
 * the digitable line with its copy button, the print link and the payment's state, in the shopper's
 * language, in an open shadow root. The page styles its box (margins, width); `@media print` leaves the
 * buttons out.
 */
export class SvcBoleto extends ElementBase {}

export type BoletoView = PendingView;

function barcodeSvg(barcode: string, label: string): SVGElement {
  const { d, width } = interleaved2of5(barcode, BAR_HEIGHT);
  const drawn = svg('svg', {
    viewBox: `0 0 ${String(width)} ${String(BAR_HEIGHT)}`,
    preserveAspectRatio: 'none',
    role: 'img',
    'aria-label': label,
    'shape-rendering': 'crispEdges',
  });
  drawn.append(
    svg('rect', { width: String(width), height: String(BAR_HEIGHT), fill: '#fff' }),
    svg('path', { d, fill: '#000' }),
  );
  return drawn;
}

/**
 * Shows `boleto` in `target`: amount and due date in the shopper's language, the barcode, the linha
 * digitável with its copy button, the print link, and the payment's state. A barcode whose check digit
 * is wrong is not drawn (a bank would refuse it); the digitable line still shows.
 */
export function showBoleto(target: Element, boleto: Boleto, locale: Locale): BoletoView {
  if (customElements.get('svc-boleto') === undefined) customElements.define('svc-boleto', SvcBoleto);
  const text = boletoMessages[locale];
  const host = document.createElement('svc-boleto');
  const root = attachStyledShadow(host, CSS);
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(boleto.amount);
  // A calendar date: formatted in UTC, where `YYYY-MM-DD` is midnight, so no time zone moves its day.
  const due = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${boleto.dueDate}T00:00:00Z`),
  );
  const input = element('input', {
    id: 'line',
    readonly: true,
    value: groupDigitableLine(boleto.digitableLine),
    spellcheck: 'false',
    inputmode: 'numeric',
  });
  const status = element('p', { role: 'status' }, text.waiting);
  const copy = copyButton(text.copy, input, (outcome) => {
    status.textContent = `${text[outcome]} ${text.waiting}`;
  });
  const print = element('a', { href: boleto.printUrl, target: '_blank', rel: 'noopener' }, text.print);
  const panel = element(
    'div',
    { class: 'boleto', role: 'group', 'aria-labelledby': 'title' },
    element('p', { class: 'title', id: 'title' }, text.title),
    element('p', {}, text.amount.replace('{amount}', amount)),
    element('p', {}, text.due.replace('{date}', due)),
    ...(isBoletoBarcode(boleto.barcode) ? [barcodeSvg(boleto.barcode, text.barcode)] : []),
    element('div', { class: 'line' }, element('label', { for: 'line' }, text.line), input),
    copy,
    print,
    element('p', {}, text.how),
    status,
  );
  root.append(panel);
  target.append(host);
  return pendingView(host, root, panel, status, (payment) =>
    payment.status === 'paid' ? text.paid : text.expired,
  );
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-boleto': SvcBoleto;
  }
}
