// @vitest-environment happy-dom
// <apple-pay-button>: a button to assistive technology and the keyboard, named as Apple names it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buttonLabel, defineApplePayButton } from './button.ts';

beforeAll(() => {
  defineApplePayButton(customElements);
  // A second copy of the script leaves the first definition in place.
  defineApplePayButton(customElements);
});

function button(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('apple-pay-button');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

describe('<apple-pay-button>', () => {
  it('is a focusable button named for its type and locale', () => {
    const buy = button({ type: 'buy', locale: 'pt-BR', buttonstyle: 'black' });
    expect(buy.getAttribute('role')).toBe('button');
    expect(buy.tabIndex).toBe(0);
    expect(buy.getAttribute('aria-label')).toBe('Comprar com Apple Pay');
    expect(button({ type: 'check-out', locale: 'en-US' }).getAttribute('aria-label')).toBe(
      'Check out with Apple Pay',
    );
    expect(button({}).getAttribute('aria-label')).toBe('Apple Pay');
  });

  it('follows a change of type, and keeps a label the page set itself', () => {
    const element = button({ type: 'buy', locale: 'en' });
    element.setAttribute('type', 'donate');
    expect(element.getAttribute('aria-label')).toBe('Donate with Apple Pay');
    const own = button({ type: 'buy', 'aria-label': 'Pagar o pedido 42 com Apple Pay' });
    expect(own.getAttribute('aria-label')).toBe('Pagar o pedido 42 com Apple Pay');
  });

  it('fires click on Enter and on Space', () => {
    const element = button({ type: 'buy' });
    const click = vi.fn();
    element.addEventListener('click', click);
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    element.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    expect(click).toHaveBeenCalledTimes(1);
    element.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('names every type in both languages', () => {
    for (const type of ['plain', 'buy', 'book', 'donate', 'subscribe', 'pay', 'tip', 'set-up']) {
      expect(buttonLabel(type, 'en')).toMatch(/Apple Pay$/);
      expect(buttonLabel(type, 'pt-BR')).toMatch(/Apple Pay$/);
    }
    expect(buttonLabel('unknown-type', 'en')).toBe('Apple Pay');
  });
});
