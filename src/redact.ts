// Last line of defence for every error path: whatever text reaches a message, an event or a log has
// card-number-like digit runs removed. Real card data never gets there by design; this keeps it so.

const CARD_LIKE = /\d(?:[ -]?\d){11,18}/g;

export function redact(text: string): string {
  return text.replace(CARD_LIKE, '[redacted]');
}
