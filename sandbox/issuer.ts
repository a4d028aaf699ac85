// The emulated card issuer, apart from the service's vault (store.ts). Like a real issuer it knows the
// security code of every card it issued and decides whether a payment is approved; the vault keeps only
// the issuer's reference to a card, never a CVV or anything derived from one, as a real service must.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CardIssuer } from './http/context.ts';
import { randomId } from './ids.ts';
import type { DeclineReason } from './records.ts';

/** Sandbox test cards whose payments the issuer declines, with why (the contract's test data). */
export const DECLINED_TEST_CARDS: Readonly<Record<string, DeclineReason>> = {
  '4000000000000002': 'do_not_honor',
  '5105105105105100': 'do_not_honor',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'card_blocked',
};

interface IssuedCard {
  /** HMAC of the CVV under the issuer's own key, which never leaves this module. */
  cvvCheck: Buffer;
  declines: DeclineReason | undefined;
}

export class Issuer implements CardIssuer {
  readonly #cards = new Map<string, IssuedCard>();
  #key = randomBytes(32);

  #check(cvv: string): Buffer {
    return createHmac('sha256', this.#key).update(cvv).digest();
  }

  /**
   * Every card the service tokenizes is one the sandbox issuer issued, with the CVV given then: so any
   * CVV works with the test cards, and Token/Bind later wants that one. Each tokenization is its own
   * card (a reference the vault keeps), so tests that share a test number never share its CVV.
   */
  issue(cardNumber: string, cvv: string): string {
    const reference = randomId('crd');
    this.#cards.set(reference, {
      cvvCheck: this.#check(cvv),
      declines: DECLINED_TEST_CARDS[cardNumber],
    });
    return reference;
  }

  /** Token/Bind's question: is this the card's security code? Unknown cards match nothing. */
  cvvMatches(reference: string, cvv: string): boolean {
    const card = this.#cards.get(reference);
    return card !== undefined && timingSafeEqual(card.cvvCheck, this.#check(cvv));
  }

  /** A payment's answer: undefined when approved, else the reason of the decline. */
  authorize(reference: string): DeclineReason | undefined {
    const card = this.#cards.get(reference);
    return card === undefined ? 'do_not_honor' : card.declines;
  }

  /**
   * A wallet payment's answer: the card reaches the issuer through the network (which maps a device
   * token back to its card, wallets/test-cards.ts), not through the vault, so the issuer knows it by
   * its number. Undefined when approved, else the reason of the decline.
   */
  authorizeCardNumber(cardNumber: string): DeclineReason | undefined {
    return DECLINED_TEST_CARDS[cardNumber];
  }

  /** Takes back cards whose tokenization was rolled back. */
  forget(reference: string): void {
    this.#cards.delete(reference);
  }

  reset(): void {
    this.#cards.clear();
    this.#key = randomBytes(32);
  }
}
