// The boleto the script shows: amount and due date in the shopper's language, the barcode's bars, the
// digitable line to copy, the print link, and the payment's state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Boleto, Payment } from '../types.ts';
import { showBoleto } from './boleto.ts';

const boleto: Boleto = {
  barcode: '00193373700000001000500940144816060680935031',
  digitableLine: '00190500954014481606906809350314337370000000100',
  dueDate: '2026-12-10',
  amount: 1234.5,
  printUrl: 'http://127.0.0.1:4174/boleto/bol_abc/print',
};
const payment = (status: Payment['status']): Payment => ({
  paymentId: 'pay_1',
  partnerUniqueId: 'order-1',
  status,
  method: 'boleto',
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

function shown(locale: 'pt-BR' | 'en' | 'es' = 'pt-BR', slip = boleto) {
  const target = document.createElement('div');
  document.body.append(target);
  const view = showBoleto(target, slip, locale);
  const root = target.querySelector('svc-boleto')?.shadowRoot;
  if (!root) throw new Error('no boleto shown');
  return { view, root, target };
}

const text = (root: ShadowRoot) => [...root.querySelectorAll('p')].map((p) => p.textContent);

describe('showBoleto', () => {
  it('shows amount, due date, bars, the grouped line to copy and the print link, in Portuguese', () => {
    const { root } = shown();
    expect(root.querySelector('[role=group]')?.getAttribute('aria-labelledby')).toBe('title');
    expect(text(root).slice(0, 3)).toEqual([
      'Boleto bancário',
      'Valor: R$\u00a01.234,50',
      'Vencimento: 10/12/2026',
    ]);
    expect(root.querySelector('svg')?.getAttribute('aria-label')).toBe('Código de barras do boleto');
    expect(root.querySelector('path')?.getAttribute('d')).toMatch(/^M10 0h1v30h-1z/);
    expect(root.querySelector('label')?.textContent).toBe('Linha digitável');
    expect(root.querySelector('input')?.value).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(root.querySelector('button')?.textContent).toBe('Copiar linha digitável');
    const print = root.querySelector('a');
    expect([print?.textContent, print?.href, print?.target, print?.rel]).toEqual([
      'Imprimir boleto',
      boleto.printUrl,
      '_blank',
      'noopener',
    ]);
    expect(root.querySelector('[role=status]')?.textContent).toMatch(/^Aguardando o pagamento\./);
  });

  it.each([
    ['en', 'Amount: R$1,234.50', 'Due date: 12/10/26'],
    ['es', 'Importe: 1234,50\u00a0BRL', 'Vencimiento: 10/12/26'],
  ] as const)('speaks %s, with its number and date formats (as the installments’)', (locale, amount, due) => {
    const { root } = shown(locale);
    expect(text(root).slice(1, 3)).toEqual([amount, due]);
  });

  it('draws no bars for a barcode whose check digit is wrong, and still shows the line', () => {
    const { root } = shown('pt-BR', { ...boleto, barcode: `${boleto.barcode.slice(0, 43)}2` });
    expect(root.querySelector('svg')).toBeNull();
    expect(root.querySelector('input')?.value).toContain('00190.50095');
  });

  it('copies the digits of the line and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { root } = shown('en');
    root.querySelector('button')?.click();
    await vi.waitFor(() => {
      expect(root.querySelector('[role=status]')?.textContent).toMatch(/^Digitable line copied\. Waiting/);
    });
    expect(writeText).toHaveBeenCalledWith('00190.50095 40144.816069 06809.350314 3 37370000000100');
  });

  it.each([
    ['paid', 'Pagamento recebido.'],
    ['expired', 'O boleto venceu sem pagamento.'],
  ] as const)('says when the payment is %s (pendingView takes the code away)', (status, said) => {
    const { view, root } = shown();
    view.update(payment(status));
    expect([root.querySelector('[role=status]')?.textContent, root.querySelector('.done')?.tagName]).toEqual([
      said,
      'DIV',
    ]);
  });
});
