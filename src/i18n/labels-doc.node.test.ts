// docs/testing.md tells merchants' tests the labels to find the fields by: the shipped strings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.ts';
import { ptBR } from './pt-br.ts';

const doc = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| [^|]+ \| `(\w+)` +\| ([^|]+?) +\| ([^|]+?) +\|$/gm)].map(
  ([, key = '', english, portuguese]) => ({ key, english, portuguese }),
);

describe('docs/testing.md, labels', () => {
  it('shows the fields, the consent box, the saved card’s code and the 3DS dialog', () => {
    expect(rows.map((row) => row.key)).toEqual([
      'cardNumberLabel',
      'expiryLabel',
      'cvcLabel',
      'holderLabel',
      'saveCardLabel',
      'storedCardCvcLabel',
      'challengeTitle',
      'challengeClose',
    ]);
  });

  it.each(rows)('gives $key as en and pt-BR have it', ({ key, english, portuguese }) => {
    expect({ english, portuguese }).toEqual({
      english: en[key as MessageKey],
      portuguese: ptBR[key as MessageKey],
    });
  });
});
