// Luhn (mod 10) check digit test: catches every single-digit typo and most swaps of neighbours.

/** True when `digits` is a non-empty string of ASCII digits whose Luhn checksum is 0. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit counting from the check digit (the last one).
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d > 4 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
