// The service's own knowledge of card networks: which network a number or BIN belongs to, and which
// networks it accepts. It never borrows the card fields' rules (src/card): a detection bug there must
// show up as a disagreement with the service, not be echoed by it.

import creditCardType from 'credit-card-type';

/** Provider card type codes (Cybersource `card.type`) the 3DS flow sends. */
export type CardTypeCode = '001' | '002' | '003' | '004' | '005' | '007' | '050' | '051' | '054' | '077';

export interface CardBrand {
  /** credit-card-type's id, or the sandbox's own for the networks it lacks. */
  readonly id: string;
  /** The name the service answers with (`card.brand`). */
  readonly name: string;
  /** Whether the service accepts cards of this network; others are `card_brand_unsupported`. */
  readonly supported: boolean;
  readonly lengths: readonly number[];
  readonly cvvLength: number;
  readonly cardType?: CardTypeCode;
}

/** The networks the service accepts, by credit-card-type id, with the service's name and card type code. */
const ACCEPTED: Readonly<Record<string, { name: string; cardType?: CardTypeCode }>> = {
  visa: { name: 'Visa', cardType: '001' },
  mastercard: { name: 'Mastercard', cardType: '002' },
  'american-express': { name: 'Amex', cardType: '003' },
  discover: { name: 'Discover', cardType: '004' },
  'diners-club': { name: 'Diners', cardType: '005' },
  jcb: { name: 'JCB', cardType: '007' },
  hipercard: { name: 'Hipercard', cardType: '050' },
  elo: { name: 'Elo', cardType: '054' },
  // No 3DS card type code of its own is published.
  hiper: { name: 'Hiper' },
};

/**
 * Brazilian networks credit-card-type does not know, which take precedence over it (it reads all of
 * these BINs as Maestro). Ranges are six-digit BINs, "min-max" or one BIN:
 * - Aura: 507860, the BIN of the network's published test numbers. Aura's other ranges are not
 *   published, so a number outside this one is read as credit-card-type reads it (mostly Maestro,
 *   which the service refuses) rather than guessed.
 * - Cabal: the BINs public BIN tables and the providers' test numbers agree on.
 */
const OWN_BRANDS: readonly (CardBrand & { bins: readonly string[] })[] = [
  {
    id: 'aura',
    name: 'Aura',
    supported: true,
    lengths: [16, 17, 18, 19],
    cvvLength: 3,
    cardType: '051',
    bins: ['507860'],
  },
  {
    id: 'cabal',
    name: 'Cabal',
    supported: true,
    lengths: [16],
    cvvLength: 3,
    cardType: '077',
    bins: ['589657', '603522', '604201-604219', '604300-604400', '627170'],
  },
];

/** The names of the networks the service accepts, as the contract lists them. */
export const SUPPORTED_BRANDS: readonly string[] = [
  ...Object.values(ACCEPTED).map((brand) => brand.name),
  ...OWN_BRANDS.map((brand) => brand.name),
];

function inBins(bin: string, bins: readonly string[]): boolean {
  return bins.some((range) => {
    const [min = '', max = min] = range.split('-');
    return bin >= min && bin <= max;
  });
}

/**
 * The network of a card number or of a BIN (at least six digits), supported or not; undefined when no
 * network claims it, or when the digits are too few to tell one network from another.
 */
export function detectBrand(digits: string): CardBrand | undefined {
  if (!/^\d{6,19}$/.test(digits)) return undefined;
  const own = OWN_BRANDS.find((brand) => inBins(digits.slice(0, 6), brand.bins));
  if (own !== undefined) return own;
  const matches = creditCardType(digits);
  const [match] = matches;
  if (match === undefined || matches.length > 1) return undefined;
  const accepted = ACCEPTED[match.type];
  return {
    id: match.type,
    name: accepted?.name ?? match.niceType,
    supported: accepted !== undefined,
    lengths: match.lengths,
    cvvLength: match.code.size,
    ...(accepted?.cardType === undefined ? {} : { cardType: accepted.cardType }),
  };
}
