// The Luhn (mod 10) check digit test, on its own: errors.ts redacts with it, and card-rules.ts throws errors.

// Each digit doubled, with the digits of the product added: what a doubled position contributes.
const DOUBLED = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9] as const;

/** True when `digits` is a non-empty run of ASCII digits whose Luhn (mod 10) checksum is 0. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  // Every second digit from the check digit (the last one) is doubled.
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[digits.length - 1 - index]);
    sum += index % 2 === 0 ? digit : (DOUBLED[digit] ?? 0);
  }
  return sum % 10 === 0;
}
