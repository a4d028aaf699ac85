import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeConnect, decodeFrameMessage, decodeHello, decodeHostMessage } from './decode.ts';
import { MAX_MESSAGE_CHARS } from './protocol.ts';
import { VERDICT_C as challenged, VERDICT_Y as frictionless } from '../test-fixtures.ts';

const TOKEN_ORIGIN = 'http://localhost:4174';
const MERCHANT = 'http://127.0.0.1:4173';
const frameWindow = { name: 'the iframe window' };
const otherWindow = { name: 'another window' };
const NONCE = '0123456789abcdef0123456789abcdef';
const hello = { v: 1, type: 'svc:hello', nonce: NONCE };
const expected = { origin: TOKEN_ORIGIN, source: frameWindow, nonce: NONCE };

const state = {
  brand: 'visa',
  complete: false,
  fields: {
    number: { empty: false, complete: true, valid: true, error: undefined },
    expiry: { empty: true, complete: false, valid: false, error: undefined },
    cvc: { empty: true, complete: false, valid: false, error: 'required' },
    holder: { empty: true, complete: false, valid: false, error: undefined },
    document: { empty: true, complete: true, valid: true, error: undefined },
  },
};
const result = {
  token: 'tok_abc',
  brand: 'Visa',
  last4: '1111',
  maskedNumber: '411111******1111',
  expirationMonth: 12,
  expirationYear: 2030,
  singleUse: true,
  frontData: { userAgent: 'UA' },
};

describe('decodeHello (host side)', () => {
  it('accepts the hello of our frame, from the token origin, with our nonce', () => {
    expect(decodeHello({ origin: TOKEN_ORIGIN, source: frameWindow, data: hello }, expected)).toEqual(hello);
  });

  it.each([
    ['a look-alike origin with a longer host', 'http://localhost:4174.evil.test'],
    ['the origin with a path', 'http://localhost:4174/'],
    ['another port', 'http://localhost:4175'],
    ['another scheme', 'https://localhost:4174'],
    ['127.0.0.1 instead of localhost', 'http://127.0.0.1:4174'],
    ['a prefix of the origin', 'http://localhost:417'],
    ['upper case', 'HTTP://LOCALHOST:4174'],
    ['the opaque origin', 'null'],
  ])('ignores %s', (_name, origin) => {
    expect(decodeHello({ origin, source: frameWindow, data: hello }, expected)).toBeUndefined();
  });

  it('ignores the right origin from another window', () => {
    expect(decodeHello({ origin: TOKEN_ORIGIN, source: otherWindow, data: hello }, expected)).toBeUndefined();
    expect(decodeHello({ origin: TOKEN_ORIGIN, source: null, data: hello }, expected)).toBeUndefined();
  });

  it.each([
    ['a wrong nonce', { ...hello, nonce: 'f'.repeat(32) }],
    ['no nonce', { v: 1, type: 'svc:hello' }],
    ['a wrong version', { ...hello, v: 2 }],
    ['a wrong type', { ...hello, type: 'svc:connect' }],
    ['a JSON string', JSON.stringify(hello)],
    ['null', null],
    ['an array', [hello]],
    ['an oversized message', { ...hello, pad: 'x'.repeat(MAX_MESSAGE_CHARS) }],
  ])('ignores %s', (_name, data) => {
    expect(decodeHello({ origin: TOKEN_ORIGIN, source: frameWindow, data }, expected)).toBeUndefined();
  });

  it.each(['unknown_account', 'origin_not_allowed'])('reads the token host’s refusal %s', (refused) => {
    expect(
      decodeHello({ origin: TOKEN_ORIGIN, source: frameWindow, data: { ...hello, refused } }, expected),
    ).toEqual({ ...hello, refused });
  });

  it.each([['frame_unavailable'], [''], [{ code: 'unknown_account' }], [null]])(
    'ignores a hello with a refusal that is not one (%j)',
    (refused) => {
      expect(
        decodeHello({ origin: TOKEN_ORIGIN, source: frameWindow, data: { ...hello, refused } }, expected),
      ).toBeUndefined();
    },
  );

  it('ignores a refusal from another origin or window, as any hello', () => {
    const data = { ...hello, refused: 'unknown_account' };
    expect(
      decodeHello({ origin: 'http://localhost:4173', source: frameWindow, data }, expected),
    ).toBeUndefined();
    expect(decodeHello({ origin: TOKEN_ORIGIN, source: otherWindow, data }, expected)).toBeUndefined();
  });

  it('never accepts with an empty expected nonce', () => {
    expect(
      decodeHello(
        { origin: TOKEN_ORIGIN, source: frameWindow, data: { ...hello, nonce: '' } },
        { ...expected, nonce: '' },
      ),
    ).toBeUndefined();
  });

  it('ignores a cyclic object instead of throwing', () => {
    const cyclic: Record<string, unknown> = { ...hello };
    cyclic['self'] = cyclic;
    expect(
      decodeHello({ origin: TOKEN_ORIGIN, source: frameWindow, data: cyclic }, expected),
    ).toBeUndefined();
  });
});

describe('decodeConnect (frame side)', () => {
  const parent = { name: 'parent' };
  const connect = { v: 1, type: 'svc:connect', nonce: NONCE };
  const frameExpected = { origin: MERCHANT, source: parent, nonce: NONCE };

  it('accepts the parent’s connect with exactly one port', () => {
    expect(
      decodeConnect({ origin: MERCHANT, source: parent, data: connect, ports: [{}] }, frameExpected),
    ).toEqual(connect);
  });

  it('ignores a forged origin, another source, no port or two ports', () => {
    expect(
      decodeConnect(
        { origin: `${MERCHANT}.evil.test`, source: parent, data: connect, ports: [{}] },
        frameExpected,
      ),
    ).toBeUndefined();
    expect(
      decodeConnect({ origin: MERCHANT, source: otherWindow, data: connect, ports: [{}] }, frameExpected),
    ).toBeUndefined();
    expect(
      decodeConnect({ origin: MERCHANT, source: parent, data: connect, ports: [] }, frameExpected),
    ).toBeUndefined();
    expect(
      decodeConnect({ origin: MERCHANT, source: parent, data: connect, ports: [{}, {}] }, frameExpected),
    ).toBeUndefined();
  });
});

describe('decodeFrameMessage (host side, on the port)', () => {
  it.each([
    [{ v: 1, type: 'ready' }],
    [{ v: 1, type: 'resize', height: 236 }],
    [{ v: 1, type: 'field', relay: { kind: 'focus', field: 'number' } }],
    [{ v: 1, type: 'field', relay: { kind: 'blur', field: 'cvc' } }],
    [{ v: 1, type: 'field', relay: { kind: 'submit' } }],
    [{ v: 1, type: 'field', relay: { kind: 'change', field: 'number', state } }],
    [{ v: 1, type: '3ds', step: 'collection-started' }],
    [{ v: 1, type: 'result', id: 1, result }],
    [{ v: 1, type: 'result', id: 1, result: { ...result, authentication: frictionless } }],
    [{ v: 1, type: 'result', id: 1, result: { ...result, authentication: challenged } }],
    [{ v: 1, type: 'result', id: 1, result: { ...result, installments: 12 } }],
    [{ v: 1, type: 'result', id: 1, result: { ...result, funding: 'debit' } }],
    [{ v: 1, type: 'result', id: 1, result: { ...result, funding: 'credit', installments: 3 } }],
    [{ v: 1, type: 'result', id: 1, result: { ...result, document: '52998224725', documentType: 'CPF' } }],
    [
      {
        v: 1,
        type: 'result',
        id: 1,
        result: { ...result, document: '12ABC34501DE35', documentType: 'CNPJ' },
      },
    ],
  ])('accepts %j', (data) => {
    expect(decodeFrameMessage(data)).toEqual(data);
  });

  it('reads a failure into the CheckoutError the merchant gets, its code checked', () => {
    const failure = {
      v: 1,
      type: 'failure',
      id: 2,
      error: { code: 'network_error', type: 'network', message: 'm' },
    };
    expect(decodeFrameMessage(failure)).toMatchObject({
      type: 'failure',
      id: 2,
      error: { name: 'CheckoutError', code: 'network_error', type: 'network' },
    });
    expect(
      decodeFrameMessage({ ...failure, error: { code: 'not_a_code', type: 'made_up', message: 'm' } }),
    ).toMatchObject({ error: { code: 'service_error', type: 'service' } });
  });

  it.each([
    [
      'a full card number where a masked one goes',
      { v: 1, type: 'result', id: 1, result: { ...result, maskedNumber: '4111111111111111' } },
    ],
    ['a non-digit last4', { v: 1, type: 'result', id: 1, result: { ...result, last4: '11a1' } }],
    ['a result without a request id', { v: 1, type: 'result', result }],
    ['an unknown field', { v: 1, type: 'field', relay: { kind: 'focus', field: 'pin' } }],
    ['an unknown relay', { v: 1, type: 'field', relay: { kind: 'paste', field: 'number' } }],
    ['a change without its state', { v: 1, type: 'field', relay: { kind: 'change', field: 'number' } }],
    ['the old field messages', { v: 1, type: 'focus', field: 'number' }],
    ['an unknown 3DS step', { v: 1, type: '3ds', step: 'challenge-skipped' }],
    [
      'a C without its challenge',
      {
        v: 1,
        type: 'result',
        id: 1,
        result: { ...result, authentication: { ...challenged, challenge: undefined } },
      },
    ],
    [
      'a challenge on a Y',
      {
        v: 1,
        type: 'result',
        id: 1,
        result: { ...result, authentication: { ...frictionless, challenge: challenged.challenge } },
      },
    ],
    [
      'a step-up URL that is not http(s)',
      {
        v: 1,
        type: 'result',
        id: 1,
        result: {
          ...result,
          authentication: {
            ...challenged,
            challenge: { ...challenged.challenge, stepUpUrl: 'javascript:alert(1)' },
          },
        },
      },
    ],
    [
      'an unknown status',
      {
        v: 1,
        type: 'result',
        id: 1,
        result: { ...result, authentication: { ...frictionless, status: 'D' } },
      },
    ],
    [
      'the service’s shape of the block',
      {
        v: 1,
        type: 'result',
        id: 1,
        result: {
          ...result,
          authentication: { code: 'c', referenceId: 'r', transactionId: 't', status: 'Y' },
        },
      },
    ],
    ['49 installments', { v: 1, type: 'result', id: 1, result: { ...result, installments: 49 } }],
    ['no installments', { v: 1, type: 'result', id: 1, result: { ...result, installments: 0 } }],
    [
      'a funding it does not know',
      { v: 1, type: 'result', id: 1, result: { ...result, funding: 'prepaid' } },
    ],
    [
      'a CPF called a CNPJ',
      { v: 1, type: 'result', id: 1, result: { ...result, document: '52998224725', documentType: 'CNPJ' } },
    ],
    [
      'a document with punctuation',
      { v: 1, type: 'result', id: 1, result: { ...result, document: '529.982.247-25', documentType: 'CPF' } },
    ],
    [
      'a document of 12 characters',
      { v: 1, type: 'result', id: 1, result: { ...result, document: '529982247251', documentType: 'CPF' } },
    ],
    ['a document type alone', { v: 1, type: 'result', id: 1, result: { ...result, documentType: 'CPF' } }],
    ['a negative height', { v: 1, type: 'resize', height: -1 }],
    [
      'a brand that is not an id',
      { v: 1, type: 'change', field: 'number', state: { ...state, brand: '<img src=x>' } },
    ],
    [
      'an unknown field error',
      {
        v: 1,
        type: 'change',
        field: 'number',
        state: { ...state, fields: { ...state.fields, cvc: { ...state.fields.cvc, error: 'typo' } } },
      },
    ],
    ['an unknown type', { v: 1, type: 'eval', code: 'x' }],
    ['version 0', { v: 0, type: 'ready' }],
  ])('drops %s', (_name, data) => {
    expect(decodeFrameMessage(data)).toBeUndefined();
  });

  it('drops whatever random data it is given, without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        expect(decodeFrameMessage(data)).toBeUndefined();
      }),
    );
  });
});

describe('decodeHostMessage (frame side, on the port)', () => {
  const config = {
    sessionId: 'ses_1',
    account: 'demo',
    locale: 'pt-BR',
    messages: {},
    appearance: { colorText: '#111' },
    mode: 'card',
    showSaveCard: true,
  };

  it('accepts configure, submit, focus and clear', () => {
    expect(decodeHostMessage({ v: 1, type: 'configure', config })).toEqual({
      v: 1,
      type: 'configure',
      config,
    });
    const submit = { v: 1, type: 'submit', id: 3, frontData: { userAgent: 'UA', timeDifference: '-180' } };
    expect(decodeHostMessage(submit)).toEqual(submit);
    expect(decodeHostMessage({ v: 1, type: 'submit', id: 3 })).toBeUndefined();
    expect(decodeHostMessage({ ...submit, frontData: { userAgent: 1 } })).toBeUndefined();
    expect(decodeHostMessage({ ...submit, frontData: { 'bad key': 'x' } })).toBeUndefined();
    expect(decodeHostMessage({ v: 1, type: 'focus', field: undefined })).toEqual({
      v: 1,
      type: 'focus',
      field: undefined,
    });
    expect(decodeHostMessage({ v: 1, type: 'clear' })).toEqual({ v: 1, type: 'clear' });
    expect(decodeHostMessage({ v: 1, type: 'complete' })).toEqual({ v: 1, type: 'complete' });
  });

  it('accepts a new session id, and nothing else in its place', () => {
    expect(decodeHostMessage({ v: 1, type: 'session', sessionId: 'ses_2' })).toEqual({
      v: 1,
      type: 'session',
      sessionId: 'ses_2',
    });
    for (const sessionId of ['', 'x'.repeat(129), 42, undefined])
      expect(decodeHostMessage({ v: 1, type: 'session', sessionId })).toBeUndefined();
  });

  it('accepts the installments to offer with their costs, the tax id field and the debit option', () => {
    const extras = {
      ...config,
      documentField: 'cpf-cnpj',
      debit: true,
      installments: {
        plans: [
          { count: 1 },
          { count: 3, amount: 33.34, interestFree: true },
          {
            count: 10,
            amount: 111.27,
            interestFree: false,
            figures: [111.27, 1112.7, 1.99, 26.68, 1.99, 26.68],
          },
        ],
        currency: 'BRL',
        cashPrice: 1000,
      },
    };
    expect(decodeHostMessage({ v: 1, type: 'configure', config: extras })).toEqual({
      v: 1,
      type: 'configure',
      config: extras,
    });
  });

  it.each([
    ['cvv mode without a stored card', { ...config, mode: 'cvv' }],
    ['an unknown tax id field', { ...config, documentField: 'rg' }],
    ['installments without a currency', { ...config, installments: { plans: [{ count: 2 }] } }],
    ['installments as counts', { ...config, installments: { plans: [2, 3], currency: 'BRL' } }],
    ['49 installments', { ...config, installments: { plans: [{ count: 49 }], currency: 'BRL' } }],
    ['an empty session', { ...config, sessionId: '' }],
    ['a non-string message override', { ...config, messages: { cardNumberLabel: 1 } }],
    ['an unknown mode', { ...config, mode: 'raw' }],
  ])('drops a configure with %s', (_name, bad) => {
    expect(decodeHostMessage({ v: 1, type: 'configure', config: bad })).toBeUndefined();
  });

  it('drops submit with a non-integer id and oversized configure', () => {
    expect(decodeHostMessage({ v: 1, type: 'submit', id: 1.5 })).toBeUndefined();
    expect(
      decodeHostMessage({
        v: 1,
        type: 'configure',
        config: { ...config, messages: { cardNumberLabel: 'x'.repeat(MAX_MESSAGE_CHARS) } },
      }),
    ).toBeUndefined();
  });
});
