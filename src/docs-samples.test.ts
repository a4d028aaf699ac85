// Samples of docs/checkout-script.md that need no frame, run as written (scripts/docs-samples.ts
// checks the docs show exactly these lines).
import { describe, expect, it } from 'vitest';
import { Checkout, checkoutCsp, CheckoutError, formatCsp, isCheckoutError, mergeCsp } from './index.ts';
import type { CardResult, PaymentResult } from './types.ts';

describe('docs/checkout-script.md samples', () => {
  it('creates a checkout with every option', () => {
    const sessionId = 'ses_docs';
    const results: (CardResult | PaymentResult)[] = [];
    const show = (result: CardResult | PaymentResult) => results.push(result);
    // #region options
    const checkout = new Checkout({
      sessionId, // from Token/NewSession, through your backend
      account: 'demo', // your merchant account name
      environment: 'sandbox', // or 'production'
      callback: (result) => {
        show(result); // every submit's outcome: the same value submit() resolves with
      },
      locale: 'pt-BR', // optional; default: the browser's languages
      messages: { holderLabel: 'Nome impresso no cartão' }, // optional; replace a shipped string by its key
      appearance: { colorFocus: '#8250df', radius: '4px' }, // optional; see Appearance
      saveCard: true, // optional; shows a "save this card" checkbox
      installments: { plans: [1, { count: 3, amount: 40, interestFree: true }] }, // optional; parcelas
      debit: true, // optional; a combo card asks "Crédito ou débito?" (the result's funding)
      documentField: 'cpf-cnpj', // optional; a CPF or CNPJ field ('cpf': CPF only)
      tokenUrl: 'https://token.example.com', // the token host; required in production
      challengeTimeoutMs: 600_000, // optional; how long a 3DS challenge may take (30 000 to 3 600 000)
      // Client script for everything only: the script pays (pay(), and Enter in the form).
      onPayment: (result) => {
        show(result); // every pay()'s final result: paid, or why not
      },
      engineUrl: 'https://engine.example.com', // the payment engine pay() calls; required in production
    });
    // #endregion options
    expect(checkout.locale).toBe('pt-BR');
    checkout.destroy();
  });

  it('creates a checkout with the page’s theme and hidden labels', () => {
    const sessionId = 'ses_docs';
    // #region appearance
    const checkout = new Checkout({
      sessionId,
      account: 'demo',
      environment: 'sandbox',
      appearance: {
        // Your page's theme: the frame cannot see the shopper's setting (see Appearance).
        theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
        labelPosition: 'hidden',
        fontFamily: 'Inter, system-ui, sans-serif',
        fontWeightLabel: '600',
        borderWidth: '2px',
        inputPadding: '10px 14px',
        radius: '8px',
      },
    });
    // #endregion appearance
    expect(checkout.locale).toBeDefined();
    checkout.destroy();
  });

  it('recognises a CheckoutError thrown for a wrong option', () => {
    const log: string[] = [];
    // #region errors
    try {
      new Checkout({ sessionId: '', account: 'demo', environment: 'sandbox' });
    } catch (error) {
      if (!isCheckoutError(error)) throw error;
      // error.code: 'invalid_option', error.type: 'configuration'; the message names the option and
      // ends with its entry in the error reference.
      log.push(`${error.code}: ${error.message}`);
    }
    // #endregion errors
    expect(log).toEqual([
      'invalid_option: sessionId must be a non-empty string. See service-checkout/docs/errors.md#invalid_option',
    ]);
    expect(new CheckoutError('card_expired', 'validation', 'm')).toBeInstanceOf(Error);
  });

  it('builds the page policy a server sends', () => {
    const tokenUrl = 'https://token.example.com';
    const headers = new Map<string, string>();
    const response = { setHeader: (name: string, value: string) => headers.set(name, value) };
    // #region csp
    const policy = formatCsp(
      mergeCsp(
        // your page's own policy
        { 'default-src': ["'self'"], 'connect-src': ["'self'"], 'frame-ancestors': ["'none'"] },
        // what the checkout needs for the features this page uses
        checkoutCsp({ environment: 'production', tokenUrl, scriptSource: "'self'", storedCards: true }),
      ),
    );
    response.setHeader('Content-Security-Policy', policy);
    // #endregion csp
    const sent = headers.get('Content-Security-Policy') ?? '';
    // The page's default-src still governs its own frames: the merge keeps it in frame-src.
    expect(sent).toContain("frame-src 'self' https://token.example.com");
    expect(sent).toContain("script-src 'self'");
    expect(sent).toContain("connect-src 'self' https://token.example.com");
    expect(sent).toContain("frame-ancestors 'none'");
    expect(sent).not.toContain('unsafe-inline');
  });
});
