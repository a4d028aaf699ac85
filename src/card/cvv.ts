// Security code (CVV/CVC/CID) check, by brand.

import type { Brand } from './brands.ts';

export type CvvValidation = 'valid' | 'incomplete' | 'invalid';

/** Longest code the field should accept: 4 until the brand is known (Amex uses 4). */
export function maxCvvLength(brand: Brand | undefined): number {
  return brand?.cvvLength ?? 4;
}

/** 'incomplete' while shorter than the brand's length; an unknown brand accepts 3 or 4 digits. */
export function validateCvv(cvv: string, brand: Brand | undefined): CvvValidation {
  if (/\D/.test(cvv)) return 'invalid';
  const min = brand?.cvvLength ?? 3;
  if (cvv.length < min) return 'incomplete';
  return cvv.length <= maxCvvLength(brand) ? 'valid' : 'invalid';
}
