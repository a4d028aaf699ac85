import { describe, expect, it } from 'vitest';
import { createNonce, parentAllowed, readBoot } from './handshake.ts';

const list = (...origins: string[]) =>
  ({
    length: origins.length,
    item: (i: number) => origins[i] ?? null,
    contains: (o: string) => origins.includes(o),
  }) as unknown as DOMStringList;

describe('createNonce', () => {
  it('gives 32 hex characters, different each time', () => {
    const a = createNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(createNonce()).not.toBe(a);
  });
});

describe('readBoot', () => {
  it('reads nonce and parent origin from the fragment and removes the fragment', () => {
    window.history.replaceState(
      null,
      '',
      `/frames/card.html?account=demo#n=${'a'.repeat(32)}&o=${encodeURIComponent('http://127.0.0.1:4173')}`,
    );
    expect(readBoot(window)).toEqual({ nonce: 'a'.repeat(32), parentOrigin: 'http://127.0.0.1:4173' });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?account=demo');
  });

  it('refuses a malformed nonce or a missing origin', () => {
    window.history.replaceState(null, '', '/frames/card.html#n=short&o=x');
    expect(readBoot(window)).toBeUndefined();
    window.history.replaceState(null, '', `/frames/card.html#n=${'a'.repeat(32)}`);
    expect(readBoot(window)).toBeUndefined();
  });
});

describe('parentAllowed', () => {
  const boot = { nonce: 'a'.repeat(32), parentOrigin: 'http://127.0.0.1:4173' };
  const allowed = ['http://127.0.0.1:4173'];

  it('allows an allowed parent that is the real ancestor', () => {
    expect(parentAllowed(boot, allowed, list('http://127.0.0.1:4173'))).toBe(true);
  });

  it('relies on frame-ancestors where the browser has no ancestorOrigins', () => {
    expect(parentAllowed(boot, allowed, undefined)).toBe(true);
  });

  it('refuses a claimed origin the account does not allow, even by prefix', () => {
    expect(
      parentAllowed({ ...boot, parentOrigin: 'http://127.0.0.1:4173.evil.test' }, allowed, undefined),
    ).toBe(false);
    expect(parentAllowed({ ...boot, parentOrigin: 'http://127.0.0.1:417' }, allowed, undefined)).toBe(false);
  });

  it('refuses when the real ancestor differs from the claimed parent', () => {
    expect(parentAllowed(boot, allowed, list('http://evil.test'))).toBe(false);
    expect(parentAllowed(boot, allowed, list())).toBe(false);
  });
});
