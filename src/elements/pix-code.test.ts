// The Pix code the script shows: a QR code that a reader turns back into the very BR Code, the code to
// copy, and the payment's state, in the shopper's language.
import jsQR from 'jsqr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '../types.ts';
import { qrPath, showPixCode } from './pix-code.ts';

// A dynamic BR Code as the sandbox makes them (its CRC16 last).
const BR_CODE =
  '00020101021226850014br.gov.bcb.pix2563pix.sandbox.invalid/qr/v2/ABCDEFGHIJKLMNOPQRSTUVWXY5204000053039865406120.005802BR5904demo6009SAO PAULO62290525ABCDEFGHIJKLMNOPQRSTUVWXY6304A1B2';
const pix = { brCode: BR_CODE, expiresAt: '2026-11-26T20:45:00.000Z' };
const payment = (status: Payment['status']): Payment => ({
  paymentId: 'pay_1',
  partnerUniqueId: 'order-1',
  status,
  method: 'pix',
  pix,
});

/** The path drawn at 4 pixels a module with its quiet zone, as RGBA for a QR reader. */
function rasterize(data: string) {
  const { size, d } = qrPath(data);
  const scale = 4;
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let dx = 0; dx < Number(w); dx++)
      for (let py = 0; py < scale; py++)
        for (let px = 0; px < scale; px++) {
          const i = (((Number(y) + 4) * scale + py) * side + (Number(x) + dx + 4) * scale + px) * 4;
          pixels.fill(0, i, i + 3);
        }
  }
  return { pixels, side };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('qrPath', () => {
  it('draws a QR code a reader turns back into the BR Code', () => {
    const { pixels, side } = rasterize(BR_CODE);
    expect(jsQR(pixels, side, side)?.data).toBe(BR_CODE);
  });

  it('draws another code for another payload', () => {
    expect(qrPath(BR_CODE).d).not.toBe(qrPath(BR_CODE.replace('120.00', '121.00')).d);
  });
});

describe('showPixCode', () => {
  function shown(locale: 'pt-BR' | 'en' | 'es' = 'pt-BR') {
    const target = document.createElement('div');
    document.body.append(target);
    const view = showPixCode(target, pix, locale);
    const root = target.querySelector('.svc-pix')?.shadowRoot;
    if (!root) throw new Error('no Pix code shown');
    return { view, root, target };
  }

  it('shows the QR code, the code to copy and the wait, labelled in the shopper’s language', () => {
    const { root } = shown();
    expect(root.querySelector('[role=group]')?.getAttribute('aria-labelledby')).toBe('title');
    expect(root.getElementById('title')?.textContent).toBe('Pague com Pix');
    expect(root.querySelector('svg')?.getAttribute('role')).toBe('img');
    expect(root.querySelector('svg')?.getAttribute('aria-label')).toBe('QR code do Pix');
    expect(root.querySelector('label')?.textContent).toBe('Pix Copia e Cola');
    expect(root.querySelector('input')?.value).toBe(BR_CODE);
    expect(root.querySelector('input')?.hasAttribute('readonly')).toBe(true);
    expect(root.querySelector('button')?.textContent).toBe('Copiar código');
    expect(root.querySelector('[role=status]')?.textContent).toMatch(
      /^Aguardando o pagamento\. O código expira às \d\d:\d\d\.$/,
    );
  });

  it.each([
    ['en', 'Pay with Pix', 'Copy code'],
    ['es', 'Paga con Pix', 'Copiar código'],
  ] as const)('speaks %s', (locale, title, copy) => {
    const { root } = shown(locale);
    expect(root.getElementById('title')?.textContent).toBe(title);
    expect(root.querySelector('button')?.textContent).toBe(copy);
  });

  it('copies the code to the clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { root } = shown('en');
    root.querySelector('button')?.click();
    await vi.waitFor(() => {
      expect(root.querySelector('[role=status]')?.textContent).toMatch(/^Code copied\. Waiting/);
    });
    expect(writeText).toHaveBeenCalledWith(BR_CODE);
  });

  it('selects the code for the shopper where there is no clipboard', async () => {
    vi.stubGlobal('navigator', {});
    const { root } = shown('en');
    root.querySelector('button')?.click();
    await vi.waitFor(() => {
      expect(root.querySelector('[role=status]')?.textContent).toMatch(/^Select the code and copy it\./);
    });
  });

  it('keeps a keyboard shopper’s focus in the Pix code when the copy button goes', () => {
    const { view, root } = shown();
    root.querySelector('button')?.focus();
    expect(root.activeElement?.tagName).toBe('BUTTON');
    view.update(payment('paid'));
    expect(root.activeElement?.getAttribute('role')).toBe('status');
  });

  it.each([
    ['paid', 'Pagamento recebido.'],
    ['expired', 'O código Pix expirou.'],
    ['declined', 'O código Pix expirou.'],
  ] as const)('says when the payment is %s, and takes the code away', (status, said) => {
    const { view, root, target } = shown();
    view.update(payment('pending'));
    expect(root.querySelector('.done')).toBeNull();
    view.update(payment(status));
    expect(root.querySelector('[role=status]')?.textContent).toBe(said);
    expect(root.querySelector('.done')).not.toBeNull();
    view.remove();
    expect(target.childElementCount).toBe(0);
  });
});
