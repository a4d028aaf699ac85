import { describe, expect, it, vi } from 'vitest';
import { Checkout } from './checkout.ts';
import { ERRORS_DOC, isCheckoutError } from './errors.ts';

const valid = { sessionId: 'ses_1', account: 'demo', environment: 'sandbox' } as const;

function thrown(fn: () => unknown): { code: string; type: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (isCheckoutError(error)) return { code: error.code, type: error.type, message: error.message };
    throw error;
  }
  throw new Error('did not throw');
}

describe('new Checkout(options)', () => {
  it('accepts the minimal options and resolves the locale with fallback', () => {
    expect(new Checkout({ ...valid, locale: 'pt-PT' }).locale).toBe('pt-BR');
    expect(new Checkout({ ...valid, locale: 'fr' }).locale).toBe('en');
    expect(new Checkout({ ...valid, locale: 'es-AR' }).locale).toBe('es');
    // The POSIX form a server's locale setting gives used to fall back to English.
    expect(new Checkout({ ...valid, locale: 'pt_BR' }).locale).toBe('pt-BR');
    // What a browser without a configured language reports, passed on as navigator.language.
    expect(new Checkout({ ...valid, locale: 'C' }).locale).toBe('en');
  });

  it('warns once a page about a locale it does not translate, naming the supported ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      // `br` is Breton: the likeliest slip for pt-BR.
      expect(new Checkout({ ...valid, locale: 'br' }).locale).toBe('en');
      expect(new Checkout({ ...valid, locale: 'br' }).locale).toBe('en');
      new Checkout({ ...valid, locale: 'pt' });
      new Checkout({ ...valid });
      expect(warn.mock.calls).toEqual([
        [
          'service-checkout: locale "br" is not translated, so English shows: use pt-BR, en, es (or leave it out to follow the browser).',
        ],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('accepts installments as counts or plans, and either tax id field', () => {
    const plans = [
      1,
      { count: 2, amount: 50, interestFree: true },
      { count: 12, amount: 9.5, interestFree: false },
    ];
    expect(() => new Checkout({ ...valid, installments: { plans, currency: 'USD' } })).not.toThrow();
    expect(() => new Checkout({ ...valid, installments: { plans: [48] } })).not.toThrow();
    for (const documentField of ['cpf', 'cpf-cnpj'] as const)
      expect(() => new Checkout({ ...valid, documentField })).not.toThrow();
  });

  it('accepts every appearance key, and each word theme and labelPosition take', () => {
    for (const [theme, labelPosition] of [
      ['light', 'above'],
      ['dark', 'hidden'],
    ] as const)
      expect(
        () =>
          new Checkout({
            ...valid,
            appearance: {
              theme,
              labelPosition,
              fontWeightLabel: '600',
              borderWidth: '2px',
              inputPadding: '10px 14px',
            },
          }),
      ).not.toThrow();
  });

  it('accepts the keys of the passkeys’ and the wallets’ strings in messages, whose tables are not in the script', () => {
    const messages = {
      passkeyPay: 'Pagar com a digital',
      walletDeclined: 'Recusado.',
      fundingLegend: 'Como quer pagar?',
      installmentsCost: 'Total {total}',
      holderLabel: 'Titular',
    };
    expect(() => new Checkout({ ...valid, messages })).not.toThrow();
  });

  it('accepts a challenge time limit from 30 s to an hour', () => {
    for (const challengeTimeoutMs of [30_000, 3_600_000])
      expect(() => new Checkout({ ...valid, challengeTimeoutMs })).not.toThrow();
  });

  // Each refused option, by the message that tells the merchant what to fix.
  const refused: Record<string, unknown> = {
    'new Checkout(options) needs an options object.': undefined,
    'sessionId must be a non-empty string.': { ...valid, sessionId: '' },
    'account must be a non-empty string.': { sessionId: 's', environment: 'sandbox' },
    'environment must be "sandbox" or "production".': { ...valid, environment: 'staging' },
    'callback must be a function.': { ...valid, callback: 'pay' },
    'Unknown option "sessionID".': { ...valid, sessionID: 'x' },
    'locale "portuguese-brazil" is not a language tag: use pt-BR, en, es (or leave it out to follow the browser).':
      { ...valid, locale: 'portuguese-brazil' },
    'messages.cardNumber is not a known message key.': { ...valid, messages: { cardNumber: 'x' } },
    'messages.installmentsCosts is not a known message key.': {
      ...valid,
      messages: { installmentsCosts: 'x' },
    },
    'debit must be a boolean.': { ...valid, debit: 'yes' },
    // The Pix code's strings are not overridable (docs/localisation.md).
    'messages.pixTitle is not a known message key.': { ...valid, messages: { pixTitle: 'x' } },
    'appearance.color is not a known key (theme, labelPosition, colorText, colorBackground, colorBorder, colorFocus, colorError, fontFamily, fontSize, fontWeightLabel, radius, borderWidth, spacing, inputPadding).':
      { ...valid, appearance: { color: 'red' } },
    'appearance.theme must be "light" or "dark".': { ...valid, appearance: { theme: 'night' } },
    'appearance.labelPosition must be "above" or "hidden".': {
      ...valid,
      appearance: { labelPosition: 'floating' },
    },
    'appearance.borderWidth must be a string.': { ...valid, appearance: { borderWidth: 2 } },
    'tokenUrl is required in production: use the token host given at onboarding.': {
      ...valid,
      environment: 'production',
    },
    'tokenUrl must use https (http only on localhost).': { ...valid, tokenUrl: 'http://token.example' },
    'tokenUrl "token host" is not a URL.': { ...valid, tokenUrl: 'token host' },
    'walletScripts must be an object.': { ...valid, walletScripts: 'sandbox' },
  };
  const PLANS = 'installments must be {plans: [...], currency?}, with 1 to 48 plans.';
  const plan = (i: number) =>
    `installments.plans[${String(i)}] must be a count from 1 to 48, once, or {count, amount?, interestFree?} with a positive amount.`;
  const installments: [string, unknown][] = [
    [PLANS, [1, 2, 3]],
    [PLANS, { plans: [] }],
    [PLANS, { plans: Array.from({ length: 49 }, (_, i) => i + 1) }],
    [PLANS, { plans: [1], max: 12 }],
    ['installments.currency must be an ISO 4217 code such as "BRL".', { plans: [1], currency: 'real' }],
    [plan(0), { plans: [0] }],
    [plan(1), { plans: [1, 49] }],
    [plan(1), { plans: [1, 1.5] }],
    [plan(2), { plans: [1, 2, 2] }],
    [plan(1), { plans: [1, { count: 3, amount: -1 }] }],
    [plan(0), { plans: [{ count: 3, amount: '33,34' }] }],
    [plan(0), { plans: [{ count: 3, interestFree: 'yes' }] }],
    [plan(0), { plans: [{ count: 3, total: 100 }] }],
    [plan(0), { plans: [null] }],
  ];
  const LIMIT = 'challengeTimeoutMs must be a whole number of milliseconds from 30000 to 3600000.';

  it.each([
    ...Object.entries(refused),
    [LIMIT, { ...valid, challengeTimeoutMs: 29_999 }],
    [LIMIT, { ...valid, challengeTimeoutMs: '600000' }],
    // Past what a browser timer holds, the challenge would time out as it opens.
    [LIMIT, { ...valid, challengeTimeoutMs: 2 ** 31 }],
    [LIMIT, { ...valid, challengeTimeoutMs: 3_600_001 }],
    ...installments.map(([message, value]): [string, unknown] => [
      message,
      { ...valid, installments: value },
    ]),
    ['documentField must be "cpf" or "cpf-cnpj".', { ...valid, documentField: true }],
    ['documentField must be "cpf" or "cpf-cnpj".', { ...valid, documentField: 'cnpj' }],
  ])('throws a configuration CheckoutError: %s', (message, options) => {
    expect(thrown(() => new Checkout(options as never))).toEqual({
      code: 'invalid_option',
      type: 'configuration',
      message: `${message} See ${ERRORS_DOC}#invalid_option`,
    });
  });

  it('mountCardForm names a missing target precisely', () => {
    expect(thrown(() => new Checkout(valid).mountCardForm('#nowhere'))).toMatchObject({
      code: 'invalid_target',
      message: `No element matches "#nowhere". See ${ERRORS_DOC}#invalid_target`,
    });
  });

  it('submit before mounting resolves with not_mounted and calls the callback with the same value', async () => {
    const seen: unknown[] = [];
    const result = await new Checkout({ ...valid, callback: (r) => seen.push(r) }).submit();
    expect(result).toMatchObject({ ok: false, error: { code: 'not_mounted', type: 'configuration' } });
    expect(seen).toEqual([result]);
  });
});

describe('tokenizeCard (headless) refuses bad input locally', () => {
  const card = {
    cardNumber: '4111 1111 1111 1111',
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 2,
    cvv: '123',
  };
  it.each([
    ['a failing Luhn check', { cardNumber: '4111111111111112' }, 'card_number_invalid'],
    ['an unknown brand', { cardNumber: '9111111111111111' }, 'card_brand_unsupported'],
    ['a past expiry', { expirationMonth: 1, expirationYear: 2020 }, 'card_expired'],
    ['month 13', { expirationMonth: 13 }, 'card_expiry_invalid'],
    ['a short CVV', { cvv: '12' }, 'cvv_invalid'],
  ])('%s', async (_name, change, code) => {
    const requests: unknown[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      requests.push(args);
      return original(...args);
    };
    try {
      const result = await new Checkout(valid).tokenizeCard({ ...card, ...change });
      expect(result).toMatchObject({ ok: false, error: { code, type: 'validation' } });
      expect(JSON.stringify(result)).not.toMatch(/4111|123/);
      expect(requests).toHaveLength(0);
    } finally {
      globalThis.fetch = original;
    }
  });
});
