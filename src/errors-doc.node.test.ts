// docs/errors.md is where a merchant looks a code up: every code the script itself can raise must have
// its entry there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test-sources.ts';
import { ERROR_CODES } from './errors.ts';

const SRC = new URL('.', import.meta.url).pathname;
const doc = readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8');

/**
 * Codes written where errors are made: CheckoutError, its configuration helper, the service client's
 * failure(), wire errors.
 */
function raisedCodes(): string[] {
  const codes = new Set<string>();
  const patterns = [
    /new CheckoutError\(\s*'([a-z_]+)'/g,
    /\bconfigurationError\(\s*'([a-z_]+)'/g,
    /\bfailure\(\s*'([a-z_]+)'/g,
    /\bwalletError\(\s*'([a-z_]+)'/g,
    /\bcode: '([a-z_]+)'/g,
    /'((?:card|cvv)_[a-z_]+)'/g,
    /'(service_[a-z_]+)'/g,
  ];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.add(match[1] ?? '');
  }
  return [...codes].sort();
}

describe('docs/errors.md', () => {
  const codes = raisedCodes();

  it('finds the codes the script raises (a sanity check of the scan)', () => {
    expect(codes).toEqual(
      expect.arrayContaining([
        'invalid_option',
        'frame_unavailable',
        'validation_failed',
        'network_error',
        'service_unavailable',
        'card_expired',
        'challenge_timeout',
        'authentication_rejected',
      ]),
    );
  });

  it.each(codes)('has an entry for %s, with the anchor its messages point to', (code) => {
    expect(doc).toContain(`\`${code}\``);
    expect(doc).toContain(`<a id="${code}"></a>`);
  });

  // The service's own codes reach the merchant unchanged, with the same pointer in their message.
  const contract = readFileSync(new URL('../docs/service-contract.md', import.meta.url), 'utf8');
  const serviceCodes = [
    ...(contract.split('## Error codes')[1] ?? '').matchAll(/^\| `([a-z0-9_]+)` +\| \d{3} /gm),
  ].map((m) => m[1] ?? '');

  it('reads the service’s codes from service-contract.md (a sanity check of the scan)', () => {
    expect(serviceCodes.length).toBeGreaterThan(30);
    expect(serviceCodes).toContain('session_expired');
  });

  it.each(serviceCodes)('has the anchor for the service’s %s', (code) => {
    expect(doc).toContain(`<a id="${code}"></a>`);
  });

  it('lists in ERROR_CODES exactly the codes it has anchors for, and every code the script raises', () => {
    const anchors = [...doc.matchAll(/<a id="([a-z0-9_]+)"><\/a>/g)].map((m) => m[1] ?? '');
    expect([...ERROR_CODES].sort()).toEqual([...new Set(anchors)].sort());
    expect(ERROR_CODES).toEqual(expect.arrayContaining(codes));
    expect(ERROR_CODES).toEqual(expect.arrayContaining(serviceCodes));
  });
});
