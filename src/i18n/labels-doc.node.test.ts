// docs/testing.md tells merchants' tests the labels to find the fields by: the shipped strings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { fundingMessages } from './funding.ts';
import { ptBR } from './pt-br.ts';

const doc = readFileSync(new URL('../../docs/testing.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| [^|]* \| `(\w+)` +\| ([^|]+?) +\| ([^|]+?) +\|$/gm)].map(
  ([, key = '', english, portuguese]) => ({ key, english, portuguese }),
);

describe('docs/testing.md, labels', () => {
  it('shows the fields, the consent box, the saved card’s code, the 3DS dialog, the installments and a combo card’s question', () => {
    expect(rows.map((row) => row.key)).toEqual([
      'cardNumberLabel',
      'expiryLabel',
      'cvcLabel',
      'holderLabel',
      'saveCardLabel',
      'storedCardCvcLabel',
      'challengeTitle',
      'challengeClose',
      'installmentsLabel',
      'fundingLegend',
      'fundingCredit',
      'fundingDebit',
    ]);
  });

  it.each(rows)('gives $key as en and pt-BR have it', ({ key, english, portuguese }) => {
    const tables = [
      [en, ptBR],
      [fundingMessages.en, fundingMessages['pt-BR']],
    ] as const;
    const [shippedEnglish, shippedPortuguese] = tables.find(([table]) => Object.hasOwn(table, key)) ?? [
      {},
      {},
    ];
    expect({ english, portuguese }).toEqual({
      english: (shippedEnglish as Record<string, string>)[key],
      portuguese: (shippedPortuguese as Record<string, string>)[key],
    });
  });
});
