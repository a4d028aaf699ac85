// The trust boundary between pay.js and its sheet: each side takes a message only from the exact origin
// and window it expects, and only in a shape it knows.
import { describe, expect, it } from 'vitest';
import { authorizationResult, decodePageMessage, decodeSheetMessage, fits, MESSAGE } from './protocol.ts';

const WALLETS = 'http://127.0.0.1:4178';
const SHOP = 'http://127.0.0.1:4173';
const frame = { name: 'sheet frame' };
const parent = { name: 'merchant page' };
const paymentData = {
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: { type: 'CARD', tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{}' } },
};

describe('decodeSheetMessage (on the page)', () => {
  const expected = { origin: WALLETS, source: frame };

  it('takes the sheet’s messages from its frame and origin only', () => {
    const done = { type: MESSAGE.done, paymentData };
    expect(decodeSheetMessage({ origin: WALLETS, source: frame, data: done }, expected)).toEqual(done);
    expect(decodeSheetMessage({ origin: SHOP, source: frame, data: done }, expected)).toBeUndefined();
    expect(decodeSheetMessage({ origin: WALLETS, source: {}, data: done }, expected)).toBeUndefined();
    // A frame that has gone away (contentWindow null) matches no message.
    expect(
      decodeSheetMessage({ origin: WALLETS, source: null, data: done }, { ...expected, source: null }),
    ).toBe(undefined);
  });

  it('drops unknown types and malformed payloads', () => {
    const from = (data: unknown) => decodeSheetMessage({ origin: WALLETS, source: frame, data }, expected);
    expect(from('gpay-sandbox:done')).toBeUndefined();
    expect(from({ type: MESSAGE.done, paymentData: { paymentMethodData: {} } })).toBeUndefined();
    expect(from({ type: MESSAGE.authorize, attempt: 0, paymentData })).toBeUndefined();
    expect(from({ type: MESSAGE.error, statusCode: 'DEVELOPER_ERROR', statusMessage: 'x' })).toBeUndefined();
    expect(from({ type: MESSAGE.error, statusCode: 'INTERNAL_ERROR', statusMessage: 'x' })).toEqual({
      type: MESSAGE.error,
      statusCode: 'INTERNAL_ERROR',
      statusMessage: 'x',
    });
    expect(from({ type: 'other' })).toBeUndefined();
  });
});

describe('decodePageMessage (in the sheet)', () => {
  const expected = { origin: SHOP, source: parent };
  const open = {
    type: MESSAGE.open,
    request: { currencyCode: 'BRL', allowedCardNetworks: ['VISA'], allowedAuthMethods: ['PAN_ONLY'] },
    environment: 'TEST',
    authorizationTimeoutMs: 20_000,
  };

  it('takes the request from the page that framed it only', () => {
    expect(decodePageMessage({ origin: SHOP, source: parent, data: open }, expected)).toEqual(open);
    expect(decodePageMessage({ origin: 'http://evil.test', source: parent, data: open }, expected)).toBe(
      undefined,
    );
    expect(decodePageMessage({ origin: SHOP, source: {}, data: open }, expected)).toBeUndefined();
    expect(
      decodePageMessage({ origin: SHOP, source: parent, data: { ...open, environment: 'DEV' } }, expected),
    ).toBe(undefined);
  });

  it('takes an authorization answer, with Google’s defaults for what an ERROR leaves out', () => {
    const answer = (result: unknown) =>
      decodePageMessage(
        { origin: SHOP, source: parent, data: { type: MESSAGE.authorization, attempt: 1, result } },
        expected,
      );
    expect(answer({ transactionState: 'SUCCESS' })).toEqual({
      type: MESSAGE.authorization,
      attempt: 1,
      result: { transactionState: 'SUCCESS' },
    });
    expect(answer({ transactionState: 'PENDING' })).toBeUndefined();
    expect(authorizationResult({ transactionState: 'ERROR' })).toEqual({
      transactionState: 'ERROR',
      error: {
        reason: 'OTHER_ERROR',
        intent: 'PAYMENT_AUTHORIZATION',
        message: 'The merchant could not complete this payment. Try again.',
      },
    });
  });
});

describe('fits', () => {
  it('offers a card only for an allowed network and auth method', () => {
    const request = {
      allowedCardNetworks: ['VISA' as const],
      allowedAuthMethods: ['CRYPTOGRAM_3DS' as const],
    };
    expect(fits({ network: 'VISA', authMethod: 'CRYPTOGRAM_3DS' }, request)).toBe(true);
    expect(fits({ network: 'VISA', authMethod: 'PAN_ONLY' }, request)).toBe(false);
    expect(fits({ network: 'ELO', authMethod: 'CRYPTOGRAM_3DS' }, request)).toBe(false);
  });
});
