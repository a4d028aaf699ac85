// The Pix code on the merchant page, for `pay({method: 'pix', target})`: the BR Code as a QR code (one
// SVG path from lean-qr's nano encoder: no canvas, no inline style, crisp at any size), the same code
// to copy ("Pix Copia e Cola"), and a live line saying what the payment waits for. Loaded only with Pix.

import { generate } from 'lean-qr/nano';
import type { Locale } from '../i18n/index.ts';
import { pixMessages } from '../i18n/pix.ts';
import type { PixCode } from '../types.ts';
import { copyButton, pendingView, svg, type PendingView } from './pending-view.ts';
import { attachStyledShadow, element } from './shadow.ts';

const CSS = `
:host { display: block; }
.pix { display: grid; gap: 0.5rem; justify-items: start; }
.title { font-weight: 600; margin: 0; }
p { margin: 0; }
svg { width: min(100%, 14rem); height: auto; }
.code { display: grid; gap: 0.25rem; width: 100%; }
input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; }
button { font: inherit; padding: 0.5rem 0.75rem; cursor: pointer; }
.done svg, .done .code, .done button { display: none; }
`;

/** Modules of white around the code, as ISO 18004 asks. */
const QUIET = 4;

/**
 * The QR code of `data` as one SVG path of its dark modules (a run of dark modules in a row is one
 * rectangle) and its size in modules, without the quiet zone.
 */
export function qrPath(data: string): { size: number; d: string } {
  const code = generate(data);
  let d = '';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size;) {
      if (!code.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (code.get(x, y)) x++;
      d += `M${String(start)} ${String(y)}h${String(x - start)}v1h-${String(x - start)}z`;
    }
  }
  return { size: code.size, d };
}

export type PixView = PendingView;

/** Shows `pix` in `target`: the QR code, the code to copy, and the payment's state. */
export function showPixCode(target: Element, pix: PixCode, locale: Locale): PixView {
  const text = pixMessages[locale];
  const host = element('div', { class: 'svc-pix' });
  const root = attachStyledShadow(host, CSS);
  const { size, d } = qrPath(pix.brCode);
  const box = String(size + 2 * QUIET);
  const qr = svg('svg', {
    viewBox: `-${String(QUIET)} -${String(QUIET)} ${box} ${box}`,
    role: 'img',
    'aria-label': text.qr,
    'shape-rendering': 'crispEdges',
  });
  qr.append(
    svg('rect', { x: `-${String(QUIET)}`, y: `-${String(QUIET)}`, width: box, height: box, fill: '#fff' }),
    svg('path', { d, fill: '#000' }),
  );
  const input = element('input', { id: 'code', readonly: true, value: pix.brCode, spellcheck: 'false' });
  const status = element('p', { role: 'status' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(
    new Date(pix.expiresAt),
  );
  const waiting = text.waiting.replace('{time}', time);
  status.textContent = waiting;
  const copy = copyButton(text.copy, input, (outcome) => {
    status.textContent = `${text[outcome]} ${waiting}`;
  });
  const panel = element(
    'div',
    { class: 'pix', role: 'group', 'aria-labelledby': 'title' },
    element('p', { class: 'title', id: 'title' }, text.title),
    qr,
    element('p', {}, text.how),
    element('div', { class: 'code' }, element('label', { for: 'code' }, text.code), input),
    copy,
    status,
  );
  root.append(panel);
  target.append(host);
  return pendingView(host, root, panel, status, (payment) =>
    payment.status === 'paid' || payment.status === 'authorized' ? text.paid : text.expired,
  );
}
