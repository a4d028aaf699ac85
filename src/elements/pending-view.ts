// What the Pix code and the boleto share: the copy button of the code the shopper pays with elsewhere,
// and the view that follows the payment until it is paid or expired.

import type { Payment } from '../types.ts';
import { element } from './shadow.ts';

/**
 * A button labelled `label` that selects `input` and copies its value, then tells `done` how it went:
 * `copied`, or `select` where the Clipboard API is missing or refused (it needs a secure context), the
 * code then selected for the shopper to copy.
 */
export function copyButton(
  label: string,
  input: HTMLInputElement,
  done: (outcome: 'copied' | 'select') => void,
): HTMLButtonElement {
  const button = element('button', { type: 'button' }, label);
  button.addEventListener('click', () => {
    input.select();
    const clipboard = (navigator as Partial<Navigator>).clipboard;
    (clipboard?.writeText(input.value) ?? Promise.reject(new Error('no clipboard'))).then(
      () => {
        done('copied');
      },
      () => {
        done('select');
      },
    );
  });
  return button;
}

/** An SVG element with its attributes set (the Pix code's QR code, the boleto's bars). */
export function svg(tag: string, attributes: Readonly<Record<string, string>>): SVGElement {
  const created = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}

export interface PendingView {
  /** Shows where the payment stands now: waiting, paid or expired. */
  update(payment: Payment): void;
  remove(): void;
}

/**
 * The view of `host`, whose `panel` (in `root`) shows a code to pay and `status` what the payment waits
 * for: once it is no longer pending, the panel is `done` (its styles hide the code) and `status` says
 * `ended(payment)`.
 */
export function pendingView(
  host: HTMLElement,
  root: ShadowRoot,
  panel: HTMLElement,
  status: HTMLElement,
  ended: (payment: Payment) => string,
): PendingView {
  return {
    update(payment) {
      if (payment.status === 'pending') return;
      // The copy button goes with the code: a keyboard shopper on it lands on the news, not the page.
      if (root.activeElement !== null) {
        status.tabIndex = -1;
        status.focus();
      }
      panel.classList.add('done');
      status.textContent = ended(payment);
    },
    remove() {
      host.remove();
    },
  };
}
