// docs/service-contract.md is what merchants test against: its 3DS card table must be the sandbox's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT, SCENARIOS, TEST_CARDS } from './test-cards.ts';

const doc = readFileSync(new URL('../../docs/service-contract.md', import.meta.url), 'utf8');

describe('docs/service-contract.md, 3DS', () => {
  it.each(SCENARIOS)(
    'lists the %s cards of all three card types in one row with the enrollment answer',
    (scenario) => {
      const row = doc.split('\n').find((line) => line.includes(`\`${TEST_CARDS['001'][scenario]}\``)) ?? '';
      expect(row).toContain(`\`${TEST_CARDS['002'][scenario]}\``);
      expect(row).toContain(`\`${TEST_CARDS['054'][scenario]}\``);
      const { reasonCode, veres, pares } = ENROLLMENT[scenario];
      expect(row).toContain(`| ${String(reasonCode)}, ${veres}, ${pares ?? 'no PARes'}`);
    },
  );

  it('documents every 3DS endpoint', () => {
    for (const path of [
      '/api/ThreeDS/Setup',
      '/api/ThreeDS/Validate',
      '{3ds}/ddc',
      '{3ds}/stepup',
      '/frames/3ds-return',
      '/__sandbox/three-ds/ddc',
      '/__sandbox/three-ds/challenge',
      '/frames/{v}/3ds.html',
    ])
      expect(doc).toContain(path);
  });
});
