// The PIX "copia e cola" payload: a BR Code, the Banco Central's profile of the EMVCo merchant-presented
// QR code (MPM): TLV fields (two-digit id, two-digit length, value), closed by a CRC16-CCITT-FALSE.

/** The fields a dynamic PIX payload carries (BR Code manual: "QR Code dinâmico"). */
export interface PixPayload {
  /** The PSP's location of the charge, without its scheme (subtag 25 of tag 26). */
  location: string;
  /** Reais, two decimals on the wire; absent: the payer types the amount. */
  amount?: number | undefined;
  /** At most 25 characters; anything outside printable ASCII is dropped (accents lose their marks). */
  merchantName: string;
  /** At most 15 characters, same alphabet. */
  merchantCity: string;
  /** At most 25 letters and digits (tag 62, subtag 05). */
  txid: string;
}

export const PIX_GUI = 'br.gov.bcb.pix';
const MAX_NAME = 25;
const MAX_CITY = 15;
const MAX_TXID = 25;

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Printable ASCII only, as the BR Code's name and city fields take it. */
function ascii(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max);
}

/** A payload ready to paste: the fields in the manual's order, then `6304` and the CRC over all of it. */
export function pixBrCode(payload: PixPayload): string {
  if (!/^[A-Za-z0-9]{1,25}$/.test(payload.txid))
    throw new Error(`a PIX txid is 1 to ${String(MAX_TXID)} letters and digits`);
  const body = [
    field('00', '01'),
    // 12: dynamic, for one payment.
    field('01', '12'),
    field('26', field('00', PIX_GUI) + field('25', payload.location)),
    field('52', '0000'),
    field('53', '986'),
    payload.amount === undefined ? '' : field('54', payload.amount.toFixed(2)),
    field('58', 'BR'),
    field('59', ascii(payload.merchantName, MAX_NAME)),
    field('60', ascii(payload.merchantCity, MAX_CITY)),
    field('62', field('05', payload.txid)),
    '6304',
  ].join('');
  return `${body}${crc16CcittFalse(body)}`;
}
