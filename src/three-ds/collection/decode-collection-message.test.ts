import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCollectionMessage } from './decode-collection-message.ts';
import { itRefuses } from '../../test-fixtures.ts';

const PROVIDER = 'http://127.0.0.1:4176';
const iframe = { name: 'collection iframe' };
const expected = { origin: PROVIDER, source: iframe, referenceId: 'ref-123' };
const v1 = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ MessageType: 'profile.completed', SessionId: 'ref-123', Status: true, ...fields });
const v2 = (payload: Record<string, unknown> = {}) =>
  JSON.stringify({
    MessageType: 'profile.completed',
    Payload: { ActionCode: 'SUCCESS', SessionId: 'ref-123', DataSources: ['fingerprint'], ...payload },
  });

describe('decodeCollectionMessage', () => {
  it('accepts version 1 and version 2 completions for the current referenceId', () => {
    expect(decodeCollectionMessage({ origin: PROVIDER, source: iframe, data: v1() }, expected)).toEqual({
      degraded: false,
    });
    expect(decodeCollectionMessage({ origin: PROVIDER, source: iframe, data: v2() }, expected)).toEqual({
      degraded: false,
    });
  });

  it('reports a degraded collection without refusing it', () => {
    expect(
      decodeCollectionMessage({ origin: PROVIDER, source: iframe, data: v1({ Status: false }) }, expected),
    ).toEqual({ degraded: true });
    expect(
      decodeCollectionMessage(
        { origin: PROVIDER, source: iframe, data: v2({ ActionCode: 'FAILURE' }) },
        expected,
      ),
    ).toEqual({ degraded: true });
  });

  itRefuses(
    (message) => decodeCollectionMessage(message, expected),
    { origin: PROVIDER, source: iframe, data: v1() },
    [
      ['the token host', { origin: 'http://localhost:4174' }],
      ['a stale referenceId (old BIN)', { data: v1({ SessionId: 'ref-old' }) }],
      ['a stale v2 referenceId', { data: v2({ SessionId: 'ref-old' }) }],
      [
        'an object instead of a JSON string',
        { data: { MessageType: 'profile.completed', SessionId: 'ref-123', Status: true } },
      ],
      ['another message type', { data: v1({ MessageType: 'profile.started' }) }],
      ['malformed JSON', { data: '{"MessageType":' }],
    ],
    v1({ pad: 'x'.repeat(9000) }),
  );

  it('never matches a missing source', () => {
    expect(
      decodeCollectionMessage({ origin: PROVIDER, source: null, data: v1() }, { ...expected, source: null }),
    ).toBeUndefined();
  });

  it('never accepts with no referenceId expected', () => {
    expect(
      decodeCollectionMessage(
        { origin: PROVIDER, source: iframe, data: v1({ SessionId: '' }) },
        { ...expected, referenceId: '' },
      ),
    ).toBeUndefined();
  });

  it('ignores anything random without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json()), (data) => {
        expect(decodeCollectionMessage({ origin: PROVIDER, source: iframe, data }, expected)).toBeUndefined();
      }),
    );
  });
});
