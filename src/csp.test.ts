import { describe, expect, it } from 'vitest';
import { checkoutCsp, checkoutPermissionsPolicy, formatCsp, mergeCsp } from './csp.ts';

describe('checkoutCsp', () => {
  it('asks for the script’s source and the token host as a frame, and nothing else for the card form', () => {
    expect(checkoutCsp({ environment: 'sandbox' })).toEqual({
      'script-src': ["'self'"],
      'frame-src': ['http://localhost:4174'],
    });
  });

  it('adds connect-src for the token host only where the page calls it (stored cards, headless)', () => {
    const production = { environment: 'production', tokenUrl: 'https://token.example/path' } as const;
    expect(checkoutCsp({ ...production, storedCards: true })['connect-src']).toEqual([
      'https://token.example',
    ]);
    const headless = { ...production, headless: true, threeDsUrl: 'https://3ds.example/ddc' };
    expect(checkoutCsp(headless)['connect-src']).toEqual(['https://token.example']);
    expect(checkoutCsp(production)['connect-src']).toBeUndefined();
  });

  it('lets a headless page frame the 3DS provider’s collection page and post its form there', () => {
    const headless = {
      environment: 'production',
      tokenUrl: 'https://token.example',
      headless: true,
    } as const;
    expect(checkoutCsp({ ...headless, threeDsUrl: 'https://3ds.example/ddc' })).toMatchObject({
      'frame-src': ['https://token.example', 'https://3ds.example'],
      'form-action': ['https://3ds.example'],
    });
    expect(checkoutCsp({ environment: 'sandbox', headless: true })).toMatchObject({
      'frame-src': ['http://localhost:4174', 'http://127.0.0.1:4176'],
      'form-action': ['http://127.0.0.1:4176'],
    });
    // Production has no default provider: the helper says what to pass.
    expect(() => checkoutCsp(headless)).toThrow(/threeDsUrl is required with headless in production/);
    expect(checkoutCsp({ ...headless, storedCards: true, headless: false })).not.toHaveProperty(
      'form-action',
    );
  });

  it('adds connect-src for the payment engine only when the page pays (pay())', () => {
    const production = { environment: 'production', tokenUrl: 'https://token.example' } as const;
    expect(checkoutCsp({ environment: 'sandbox', pay: true })['connect-src']).toEqual([
      'http://127.0.0.1:4177',
    ]);
    expect(
      checkoutCsp({ ...production, pay: true, engineUrl: 'https://engine.example/api' })['connect-src'],
    ).toEqual(['https://engine.example']);
    expect(() => checkoutCsp({ ...production, pay: true })).toThrow(/engineUrl is required/);
    expect(checkoutCsp({ environment: 'sandbox' })['connect-src']).toBeUndefined();
  });

  it('adds each wallet’s origin to script-src, frame-src and connect-src, and the token host for Apple Pay’s validation', () => {
    expect(checkoutCsp({ environment: 'sandbox', googlePay: true })).toEqual({
      'script-src': ["'self'", 'https://pay.google.com'],
      'frame-src': ['http://localhost:4174', 'https://pay.google.com'],
      'connect-src': ['https://pay.google.com'],
    });
    expect(checkoutCsp({ environment: 'sandbox', applePay: true })).toEqual({
      'script-src': ["'self'", 'https://applepay.cdn-apple.com'],
      'frame-src': ['http://localhost:4174', 'https://applepay.cdn-apple.com'],
      'connect-src': ['http://localhost:4174', 'https://applepay.cdn-apple.com'],
    });
  });

  it('names the stand-ins’ origin instead when walletScripts points at the sandbox', () => {
    const walletScripts = {
      googlePay: 'http://127.0.0.1:4178/gp/p/js/pay.js',
      applePay: 'http://127.0.0.1:4178/jsapi/1.latest/apple-pay-sdk.js',
    };
    expect(checkoutCsp({ environment: 'sandbox', googlePay: true, applePay: true, walletScripts })).toEqual({
      'script-src': ["'self'", 'http://127.0.0.1:4178'],
      'frame-src': ['http://localhost:4174', 'http://127.0.0.1:4178'],
      'connect-src': ['http://localhost:4174', 'http://127.0.0.1:4178'],
    });
  });

  it('takes a CDN as the script’s source, and refuses anything that is not an https origin', () => {
    expect(
      checkoutCsp({ environment: 'sandbox', scriptSource: 'https://cdn.example' })['script-src'],
    ).toEqual(['https://cdn.example']);
    for (const bad of ["'unsafe-inline'", 'http://cdn.example', 'https://cdn.example; script-src *', '*'])
      expect(() => checkoutCsp({ environment: 'sandbox', scriptSource: bad })).toThrow(TypeError);
  });

  it('needs a tokenUrl in production, like the Checkout', () => {
    expect(() => checkoutCsp({ environment: 'production' })).toThrow(/tokenUrl is required/);
  });

  it('never asks for unsafe sources or style-src', () => {
    const all = formatCsp(checkoutCsp({ environment: 'sandbox', storedCards: true, headless: true }));
    expect(all).not.toMatch(/unsafe|\*|style-src|nonce/);
  });
});

describe('mergeCsp and formatCsp', () => {
  it('keeps what the page allowed through default-src in each directive the checkout adds', () => {
    const page = { 'default-src': ["'self'", 'https://cdn.shop.example'], 'img-src': ['*'] };
    const merged = mergeCsp(page, checkoutCsp({ environment: 'sandbox', storedCards: true }));
    expect(merged).toEqual({
      'default-src': ["'self'", 'https://cdn.shop.example'],
      'img-src': ['*'],
      'script-src': ["'self'", 'https://cdn.shop.example'],
      'frame-src': ["'self'", 'https://cdn.shop.example', 'http://localhost:4174'],
      'connect-src': ["'self'", 'https://cdn.shop.example', 'http://localhost:4174'],
    });
  });

  it('follows the fallbacks past default-src, and drops a none that others override', () => {
    const merged = mergeCsp(
      { 'default-src': ["'none'"], 'child-src': ['https://a.example'], 'script-src': ["'self'"] },
      {
        'frame-src': ['https://token.example'],
        'worker-src': ['blob:'],
        'connect-src': ['https://b.example'],
      },
    );
    expect(merged['frame-src']).toEqual(['https://a.example', 'https://token.example']);
    expect(merged['worker-src']).toEqual(['https://a.example', 'blob:']);
    expect(merged['connect-src']).toEqual(['https://b.example']);
    expect(merged['default-src']).toEqual(["'none'"]);
  });

  it('leaves directives that do not fall back to default-src alone', () => {
    expect(mergeCsp({ 'default-src': ["'self'"] }, { 'form-action': ["'self'"] })).toEqual({
      'default-src': ["'self'"],
      'form-action': ["'self'"],
    });
  });

  it('joins sources per directive without repeats, in order', () => {
    const merged = mergeCsp(
      { 'default-src': ["'self'"], 'connect-src': ["'self'"] },
      { 'script-src': ["'self'"], 'connect-src': ['https://token.example', "'self'"] },
    );
    expect(formatCsp(merged)).toBe(
      "default-src 'self'; connect-src 'self' https://token.example; script-src 'self'",
    );
  });
});

describe('checkoutPermissionsPolicy', () => {
  it('lets the token host use payment and passkeys, for a page that sends a Permissions-Policy', () => {
    expect(
      checkoutPermissionsPolicy({ environment: 'production', tokenUrl: 'https://token.example/x' }),
    ).toBe(
      'payment=(self "https://token.example"), publickey-credentials-get=(self "https://token.example"), publickey-credentials-create=(self "https://token.example")',
    );
    expect(checkoutPermissionsPolicy({ environment: 'sandbox' })).toContain(
      'payment=(self "http://localhost:4174")',
    );
    expect(() => checkoutPermissionsPolicy({ environment: 'production' })).toThrow(/tokenUrl/);
  });
});
