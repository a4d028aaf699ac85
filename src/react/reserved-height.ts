// The card frame's reserved heights (elements/card-form.styles.ts), for the slot a server renders before
// any script runs: the page does not jump when the form mounts. elements/frame-heights-doc.node.test.ts
// holds them equal to the styles'.

import type { CheckoutOptions } from 'service-checkout';

/** The card frame's height in px with the default appearance, and what each option adds. */
export const FRAME_HEIGHTS = {
  /** The card form: number, expiry, security code and name. */
  card: 352,
  /** A stored card's security code. */
  cvv: 99,
  /** The `saveCard` option's checkbox. */
  saveCard: 35,
  /** The `documentField` option's CPF/CNPJ field. */
  documentField: 99,
  /** The `installments` option's select (the card form's or a stored card's). */
  installments: 81,
} as const;

/** The height the card form (`card`) or a stored card's security code (`cvv`) reserves with `options`. */
export function reservedHeight(
  options: Pick<CheckoutOptions, 'saveCard' | 'documentField' | 'installments'>,
  mode: 'card' | 'cvv',
): number {
  const installments = options.installments === undefined ? 0 : FRAME_HEIGHTS.installments;
  if (mode === 'cvv') return FRAME_HEIGHTS.cvv + installments;
  return (
    FRAME_HEIGHTS.card +
    (options.saveCard === true ? FRAME_HEIGHTS.saveCard : 0) +
    (options.documentField === undefined ? 0 : FRAME_HEIGHTS.documentField) +
    installments
  );
}
