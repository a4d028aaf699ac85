import { describe, expect, it } from 'vitest';
import { itMaps, itRefusesOptions } from '../test-fixtures.ts';
import { applePayRequest } from './apple-pay-request.ts';
import type { ApplePayOptions } from './wallet-options.ts';

const OPTIONS: ApplePayOptions = {
  button: { selector: '#apple-pay' },
  merchantId: 'merchant.com.example.loja',
  cart: {
    lineItems: [
      { label: 'Camiseta', amount: 89.9 },
      { label: 'Frete', amount: '10' },
    ],
    total: { label: 'Loja Exemplo', amount: 99.9 },
  },
  applePayCallback: () => true,
};

/** The options with the cart's total changed. */
const withTotal = (total: unknown) => ({ ...OPTIONS, cart: { ...OPTIONS.cart, total } });
const withItems = (lineItems: unknown) => ({ ...OPTIONS, cart: { ...OPTIONS.cart, lineItems } });

describe('applePayRequest', () => {
  it('builds the request with Brazil’s defaults: BR, BRL, Elo among the networks, 3DS, the billing name; version 5 for Elo', () => {
    expect(applePayRequest(OPTIONS)).toEqual({
      version: 5,
      request: {
        countryCode: 'BR',
        currencyCode: 'BRL',
        supportedNetworks: ['amex', 'elo', 'masterCard', 'visa'],
        merchantCapabilities: ['supports3DS'],
        total: { label: 'Loja Exemplo', amount: '99.90' },
        lineItems: [
          { label: 'Camiseta', amount: '89.90' },
          { label: 'Frete', amount: '10.00' },
        ],
        requiredBillingContactFields: ['name'],
      },
      merchantId: 'merchant.com.example.loja',
      buttonStyle: 'black',
    });
  });

  it('takes a cart without line items, a discount line, and the button’s style', () => {
    const { request, buttonStyle } = applePayRequest({
      ...OPTIONS,
      button: { selector: '#apple-pay', style: 'white-outline' },
      cart: { lineItems: [{ label: 'Cupom', amount: -10 }], total: { label: 'Loja', amount: '0' } },
    });
    expect(request.lineItems).toEqual([{ label: 'Cupom', amount: '-10.00' }]);
    expect(buttonStyle).toBe('white-outline');
    const { lineItems: _items, ...total } = OPTIONS.cart;
    expect(applePayRequest({ ...OPTIONS, cart: total }).request.lineItems).toEqual([]);
  });

  it('takes a total up to WebKit’s limit', () => {
    expect(applePayRequest(withTotal({ label: 'Loja', amount: 100_000_000 })).request.total.amount).toBe(
      '100000000.00',
    );
  });

  describe('asks for the lowest version that takes the request, 3 at least', () => {
    itMaps(
      ([supportedNetworks, amount]: [string[], number]) =>
        applePayRequest(withTotal({ label: 'Loja', amount }), { supportedNetworks }).version,
      [
        [[['visa', 'masterCard'], 10], 3],
        [[['visa', 'jcb'], 10], 3],
        [[['visa', 'maestro'], 10], 4],
        [[['masterCard', 'elo'], 10], 5],
        // A zero total came with version 4.
        [[['visa'], 0], 4],
        [[['elo'], 0], 5],
      ],
    );
  });

  describe('refuses what WebKit would, naming the option', () => {
    const amount = (name: string, got: string) =>
      `${name} must be digits with a dot before at most 2 decimals, such as "10.50", and no thousands separator, currency sign or spaces (got ${got}).`;
    const { applePayCallback: _callback, ...noCallback } = OPTIONS;
    itRefusesOptions(applePayRequest, [
      ['useApplePay(options) must be an object.', null],
      [
        'Unknown option "currencyCode" (known: button, merchantId, cart, installments, applePayCallback, onValidateMerchant, onUnavailable).',
        { ...OPTIONS, currencyCode: 'USD' },
      ],
      ['button must be an object.', { ...OPTIONS, button: '#apple-pay' }],
      [
        'Unknown option "button.type" (known: selector, style).',
        { ...OPTIONS, button: { selector: '#apple-pay', type: 'buy' } },
      ],
      [
        'button.style must be "black", "white" or "white-outline" (got "blue").',
        { ...OPTIONS, button: { selector: '#apple-pay', style: 'blue' } },
      ],
      ['merchantId must be a non-empty string.', { ...OPTIONS, merchantId: '' }],
      ['cart must be an object.', { ...OPTIONS, cart: [] }],
      [
        'Unknown option "cart.subtotal" (known: lineItems, total).',
        { ...OPTIONS, cart: { ...OPTIONS.cart, subtotal: { label: 'x', amount: 1 } } },
      ],
      ['cart.total must be an object.', withTotal(undefined)],
      [
        'Unknown option "cart.total.type" (known: label, amount).',
        withTotal({ label: 'Loja', amount: 1, type: 'pending' }),
      ],
      // WebKit: "Missing total label."
      ['cart.total.label must be a non-empty string.', withTotal({ amount: 10 })],
      ['cart.total.label must be a non-empty string.', withTotal({ label: '', amount: 10 })],
      // WebKit: "Missing total amount."
      [
        'cart.total.amount must be a number or a decimal string such as "10.50" (got undefined).',
        withTotal({ label: 'Loja' }),
      ],
      // WebKit: "Total amount must not be negative."
      ['cart.total.amount must not be negative (got -1).', withTotal({ label: 'Loja', amount: -1 })],
      [
        'cart.total.amount must not be negative (got "-0.50").',
        withTotal({ label: 'Loja', amount: '-0.50' }),
      ],
      // WebKit: "\"99,90\" is not a valid amount."
      [amount('cart.total.amount', '"99,90"'), withTotal({ label: 'Loja', amount: '99,90' })],
      [
        'cart.total.amount has more than 2 decimals (got 99.999): round it to cents.',
        withTotal({ label: 'Loja', amount: 99.999 }),
      ],
      // WebKit: "Total amount is too big."
      [
        'cart.total.amount must be at most 100000000 (got "100000000.01"): WebKit refuses a larger total ("Total amount is too big.").',
        withTotal({ label: 'Loja', amount: '100000000.01' }),
      ],
      ['cart.lineItems must be an array of {label, amount}.', withItems({ label: 'Frete', amount: 10 })],
      ['cart.lineItems[1] must be an object.', withItems([{ label: 'Camiseta', amount: 10 }, 'Frete'])],
      ['cart.lineItems[0].label must be a non-empty string.', withItems([{ label: ' ', amount: 10 }])],
      [amount('cart.lineItems[0].amount', '"R$ 10"'), withItems([{ label: 'Frete', amount: 'R$ 10' }])],
      ['applePayCallback must be a function.', noCallback],
    ]);

    itRefusesOptions(
      (supportedNetworks: string[]) => applePayRequest(OPTIONS, { supportedNetworks }),
      [
        [
          'supportedNetworks must list at least one network: WebKit refuses an empty list ("At least one supported network must be provided.").',
          [],
        ],
        [
          'supportedNetworks: "hipercard" is not a valid payment network (WebKit\'s words); use amex, chinaUnionPay, discover, interac, masterCard, privateLabel, visa, jcb, cartesBancaires, eftpos, electron, maestro, vPay, elo, mada.',
          ['visa', 'hipercard'],
        ],
      ],
    );
  });
});
