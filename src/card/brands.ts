// Card networks we accept and how to recognise one from the first digits of its number.
// Used by the card frame (live brand, formatting, CVV length) and headless tokenization's local checks.

export const BRAND_IDS = [
  'visa',
  'mastercard',
  'amex',
  'elo',
  'hipercard',
  'hiper',
  'diners',
  'discover',
  'jcb',
  'aura',
  'cabal',
] as const;

export type BrandId = (typeof BRAND_IDS)[number];

/** Card type code the 3DS provider expects (Cybersource `card.type` values). */
export type CardTypeCode = '001' | '002' | '003' | '004' | '005' | '007' | '050' | '051' | '054' | '077';

export interface Brand {
  readonly id: BrandId;
  /** Network name as sent in Payment/Init `brandName`. */
  readonly name: string;
  /** Every length a valid number of this brand can have, ascending. */
  readonly lengths: readonly number[];
  readonly cvvLength: number;
  /** Digit counts before which formatting inserts a space: [4, 10] gives 4-6-5. */
  readonly gaps: readonly number[];
  readonly cardType?: CardTypeCode;
}

const FOURS = [4, 8, 12, 16] as const;
const FOUR_SIX = [4, 10] as const;

export const BRANDS: Readonly<Record<BrandId, Brand>> = {
  // credit-card-type allows 16, 18 and 19; 13-digit Visa numbers are no longer issued.
  visa: { id: 'visa', name: 'Visa', lengths: [16, 18, 19], cvvLength: 3, gaps: FOURS, cardType: '001' },
  mastercard: {
    id: 'mastercard',
    name: 'Mastercard',
    lengths: [16],
    cvvLength: 3,
    gaps: FOURS,
    cardType: '002',
  },
  amex: { id: 'amex', name: 'Amex', lengths: [15], cvvLength: 4, gaps: FOUR_SIX, cardType: '003' },
  elo: { id: 'elo', name: 'Elo', lengths: [16], cvvLength: 3, gaps: FOURS, cardType: '054' },
  // 3841xx Hipercard numbers have 19 digits, 606282 ones 16.
  hipercard: {
    id: 'hipercard',
    name: 'Hipercard',
    lengths: [16, 19],
    cvvLength: 3,
    gaps: FOURS,
    cardType: '050',
  },
  // No 3DS card type code of its own found; left out rather than guessed.
  hiper: { id: 'hiper', name: 'Hiper', lengths: [16], cvvLength: 3, gaps: FOURS },
  diners: {
    id: 'diners',
    name: 'Diners',
    lengths: [14, 16, 19],
    cvvLength: 3,
    gaps: FOUR_SIX,
    cardType: '005',
  },
  discover: {
    id: 'discover',
    name: 'Discover',
    lengths: [16, 19],
    cvvLength: 3,
    gaps: FOURS,
    cardType: '004',
  },
  jcb: { id: 'jcb', name: 'JCB', lengths: [16, 17, 18, 19], cvvLength: 3, gaps: FOURS, cardType: '007' },
  // Unofficial: public test numbers have 19 digits, BIN tables list 16 to 19.
  aura: { id: 'aura', name: 'Aura', lengths: [16, 17, 18, 19], cvvLength: 3, gaps: FOURS, cardType: '051' },
  cabal: { id: 'cabal', name: 'Cabal', lengths: [16], cvvLength: 3, gaps: FOURS, cardType: '077' },
};

// Prefixes as "prefix" or "min-max" (both ends the same number of digits). Derived from
// braintree/credit-card-type 10.3.0 (MIT), written out rather than imported: bundled it costs
// ~2.9 KiB gzip in the card frame (CommonJS, so nothing shakes out), ships six networks we do not
// accept, and adding Aura/Cabal means mutating its global registry at import. Additions and doubts:
// - Hipercard: 3841xx from Brazilian acquirer tables. 637095/637568/637599/637609/637612 are listed
//   as Hipercard by some gateways but belong to Hiper (Itaú) per credit-card-type; Hiper here.
// - Aura: 507860, the BIN of the network's published test numbers. Public sources also say "50", but
//   that claims Maestro's 50 BINs (Adyen's Maestro test card 5000550000000029 was tokenized as Aura):
//   a number outside 507860 is left to the other rules, and unsupported if none claims it.
// - Cabal: not in credit-card-type. 604201-604219, 6043xx, 604400, 589657, 603522 and 627170
//   appear in public BIN tables and the providers' test numbers; nothing else is claimed.
// The service's emulator (sandbox/card-brands.ts) keeps rules of its own; both are tested against the
// providers' published numbers in fixtures/card-numbers.json.
// - JCB: the legacy 15-digit 2131/1800 numbers keep credit-card-type's 16-19 lengths.
const PREFIXES: Readonly<Record<BrandId, string>> = {
  visa: '4',
  mastercard: '51-55 2221-2720',
  amex: '34 37',
  elo:
    '401178 401179 431274 438935 451416 457393 457631 457632 504175 506699-506778 509000-509999 ' +
    '627780 636297 636368 650031-650033 650035-650051 650405-650439 650485-650538 650541-650598 ' +
    '650700-650718 650720-650727 650901-650978 651652-651679 655000-655019 655021-655058',
  hipercard: '606282 384100 384140 384160',
  hiper: '637095 637568 637599 637609 637612 63737423 63743358',
  diners: '300-305 36 38 39',
  discover: '6011 644-649 65',
  jcb: '2131 1800 3528-3589',
  aura: '507860',
  cabal: '604201-604219 604300-604400 589657 603522 627170',
};

type Range = readonly [brand: Brand, min: string, max: string];

const RANGES: readonly Range[] = Object.values(BRANDS).flatMap((brand) =>
  PREFIXES[brand.id].split(' ').map((range): Range => {
    const [min = '', max = min] = range.split('-');
    return [brand, min, max];
  }),
);

/**
 * The brand of a possibly partial card number (digits only), or undefined when unknown or
 * still ambiguous. The longest matching prefix wins, so 401178… is Elo, not Visa. Before any
 * prefix is complete, a brand is returned only if it is the sole one the digits can still become.
 */
export function detectBrand(digits: string): Brand | undefined {
  if (!/^\d+$/.test(digits)) return undefined;
  let best: Brand | undefined;
  let bestLength = 0;
  // undefined: no partial match yet; null: partial matches of more than one brand.
  let partial: Brand | null | undefined;
  for (const [brand, min, max] of RANGES) {
    // Equal-length digit strings compare like the numbers they spell.
    const n = Math.min(digits.length, min.length);
    const head = digits.slice(0, n);
    if (head < min.slice(0, n) || head > max.slice(0, n)) continue;
    if (digits.length < min.length) partial = partial === undefined || partial === brand ? brand : null;
    else if (min.length > bestLength) [best, bestLength] = [brand, min.length];
  }
  return best ?? partial ?? undefined;
}
