// The two trust boundaries of the sheet: a message counts only from the exact origin and window
// expected, for this sheet, and of a known shape.
import { describe, expect, it } from 'vitest';
import { decodePageMessage, decodeSheetMessage, PAGE_SOURCE, SHEET_SOURCE } from './messages.ts';

const frame = { name: 'sheet frame' };
const parent = { name: 'page' };
const WALLET = 'http://127.0.0.1:4178';
const PAGE = 'http://127.0.0.1:4173';
const method = { displayName: 'Visa 1111', network: 'Visa', type: 'credit' };

describe('decodeSheetMessage', () => {
  const expected = { origin: WALLET, source: frame, sheetId: 's1' };
  const data = { source: SHEET_SOURCE, sheetId: 's1', type: 'methodSelected', paymentMethod: method };

  it('takes a message from the sheet frame at the wallet origin', () => {
    expect(decodeSheetMessage({ origin: WALLET, source: frame, data }, expected)).toEqual(data);
    expect(
      decodeSheetMessage({ origin: WALLET, source: frame, data: { ...data, type: 'cancel' } }, expected)
        ?.type,
    ).toBe('cancel');
  });

  it.each([
    ['another origin', { origin: 'http://127.0.0.1:4178.evil.test', source: frame, data }],
    ['another window', { origin: WALLET, source: parent, data }],
    ['no window', { origin: WALLET, source: null, data }],
    ['another sheet', { origin: WALLET, source: frame, data: { ...data, sheetId: 's2' } }],
    ['another sender', { origin: WALLET, source: frame, data: { ...data, source: PAGE_SOURCE } }],
    ['a string', { origin: WALLET, source: frame, data: JSON.stringify(data) }],
    ['an unknown type', { origin: WALLET, source: frame, data: { ...data, type: 'authorize' } }],
    [
      'a payment without token',
      { origin: WALLET, source: frame, data: { ...data, type: 'authorized', payment: {} } },
    ],
  ])('ignores %s', (_what, event) => {
    expect(decodeSheetMessage(event, expected)).toBeUndefined();
  });
});

describe('decodePageMessage', () => {
  const expected = { origin: PAGE, source: parent, sheetId: 's1' };
  const update = {
    source: PAGE_SOURCE,
    sheetId: 's1',
    type: 'methodUpdate',
    total: { label: 'Loja', amount: '150.00', type: 'final' },
    lineItems: [],
  };

  it('takes an update and a result from the parent at the page origin', () => {
    expect(decodePageMessage({ origin: PAGE, source: parent, data: update }, expected)).toEqual(update);
    const result = { source: PAGE_SOURCE, sheetId: 's1', type: 'result', final: true, success: true };
    expect(decodePageMessage({ origin: PAGE, source: parent, data: result }, expected)).toEqual(result);
  });

  it.each([
    ['another origin', { origin: 'http://evil.test', source: parent, data: update }],
    ['another window', { origin: PAGE, source: frame, data: update }],
    [
      'a bad total',
      { origin: PAGE, source: parent, data: { ...update, total: { label: 'x', type: 'later' } } },
    ],
    ['a bad result', { origin: PAGE, source: parent, data: { ...update, type: 'result', final: 'yes' } }],
  ])('ignores %s', (_what, event) => {
    expect(decodePageMessage(event, expected)).toBeUndefined();
  });
});
