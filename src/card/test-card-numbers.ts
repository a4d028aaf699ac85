// Card numbers for tests, by brand: never shipped (index.ts does not export this file).

import type { BrandId } from './brands.ts';
import { luhnValid } from './luhn.ts';

/** `body` followed by its Luhn check digit, for BINs without a published test number. */
export function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + String(d))) return body + String(d);
  throw new Error('unreachable');
}

// Published test numbers (acquirer and gateway sandboxes) plus numbers built on BINs we must cover.
export const TEST_CARD_NUMBERS: Readonly<Record<BrandId, readonly string[]>> = {
  visa: ['4111111111111111', '4000000000000002', '4012888888881881'],
  mastercard: ['5555555555554444', '2223000048400011', '5105105105105100', withCheckDigit('272099000000000')],
  amex: ['378282246310005', '371449635398431'],
  elo: [
    '6362970000457013',
    '5067224275805500',
    '4514166653413658',
    withCheckDigit('401178000000000'),
    withCheckDigit('650031000000000'),
    withCheckDigit('655058000000000'),
  ],
  hipercard: ['6062825624254001', '6062826786276634', withCheckDigit('384100000000000000')],
  hiper: ['6370950000000005', withCheckDigit('637612000000000'), withCheckDigit('637374230000000')],
  diners: ['36006666333344', '30569309025904', '38520000023237'],
  discover: ['6011111111111117', '6011000990139424', withCheckDigit('644000000000000')],
  jcb: ['3530111333300000', '3566002020360505'],
  aura: ['5078601870000127985', '5078601800003247449'],
  cabal: [
    '6035227716427021',
    '5896570000000008',
    withCheckDigit('604201000000000'),
    withCheckDigit('627170000000000'),
  ],
};
