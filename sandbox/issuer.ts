// The emulated card issuer, apart from the service's vault (store.ts). Like a real issuer it knows the
// security code of every card it issued and decides whether a payment is approved; the vault keeps only
// the issuer's reference to a card, never a CVV or anything derived from one, as a real service must.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { randomId } from './store.ts';

/** Sandbox test cards whose payments the issuer declines (documented in the contract's test data). */
export const DECLINED_TEST_CARDS: readonly string[] = ['4000000000000002', '5105105105105100'];

export type DeclineReason = 'do_not_honor';

interface IssuedCard {
  /** HMAC of the CVV under the issuer's own key, which never leaves this module. */
  cvvCheck: Buffer;
  declines: boolean;
}

export class Issuer {
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
      declines: DECLINED_TEST_CARDS.includes(cardNumber),
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
    return card === undefined || card.declines ? 'do_not_honor' : undefined;
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
