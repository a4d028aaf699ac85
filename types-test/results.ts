// What submit(), tokenizeCard(), listStoredCards() and showPayment() resolve to: unions narrowed on
// `ok`, 3DS fields on success, a CheckoutError on failure.
import {
  CheckoutError,
  isCheckoutError,
  type CardResult,
  type Checkout,
  type CheckoutErrorType,
  type StoredCard,
} from 'service-checkout';

declare const checkout: Checkout;

export async function pay(): Promise<string> {
  const result: CardResult = await checkout.submit();

  // @ts-expect-error -- token exists only once `ok` is narrowed to true
  void result.token;

  if (!result.ok) {
    const { code, type, message } = result.error;
    const kind: CheckoutErrorType = type;
    // @ts-expect-error -- there is no error type 'declined'
    if (type === 'declined') return code;
    // @ts-expect-error -- a failure has no token
    void result.token;
    return `${kind}: ${message}`;
  }

  const { token, brand, last4, maskedNumber, expirationMonth, expirationYear, singleUse, frontData } = result;
  const month: number = expirationMonth;
  const year: number = expirationYear;
  const oneTime: boolean = singleUse;
  const accept: string | undefined = frontData['acceptHeader'];
  // @ts-expect-error -- frontData is read-only
  frontData['ipAddress'] = '127.0.0.1';

  // 3DS: present when the account runs it, absent otherwise.
  const code: string | undefined = result.code;
  const referenceId: string | undefined = result.referenceId;
  const transactionId: string | undefined = result.transactionId;
  const status: 'Y' | 'A' | 'U' | undefined = result.status;
  const eci: string | undefined = result.eci;
  const shift: 'full' | 'partial' | 'none' | undefined = result.liabilityShift;
  // @ts-expect-error -- N and R never reach a result: they end in an authentication error
  if (result.status === 'N') return 'refused';
  // @ts-expect-error -- liabilityShift is full, partial or none
  if (result.liabilityShift === 'issuer') return 'shifted';
  // @ts-expect-error -- code may be missing (no 3DS), so it is not a plain string
  const required: string = result.code;

  return [token, brand, last4, maskedNumber, month, year, oneTime, accept, code, referenceId]
    .concat([transactionId, status, eci, shift, required])
    .join();
}

export async function headless(): Promise<void> {
  const result = await checkout.tokenizeCard({
    cardNumber: '4111 1111 1111 1111',
    expirationMonth: 12,
    expirationYear: 2030,
    cvv: '123',
    cardHolderName: 'Ana Lima',
    saveCard: false,
  });
  if (result.ok) console.log(result.token);

  // @ts-expect-error -- the expiry is two numbers, not a string
  await checkout.tokenizeCard({ cardNumber: '4111111111111111', expiry: '12/30', cvv: '123' });
}

export async function storedCards(): Promise<StoredCard[]> {
  const listed = await checkout.listStoredCards();
  // @ts-expect-error -- cards exist only once `ok` is narrowed to true
  void listed.cards;
  if (!listed.ok) return [];
  const [first] = listed.cards;
  // @ts-expect-error -- noUncheckedIndexedAccess: the list may be empty
  checkout.mountStoredCard('#cvv', first);
  if (first !== undefined) checkout.mountStoredCard('#cvv', first);
  return listed.cards.filter((card) => !card.expired);
}

export function errors(caught: unknown): string | undefined {
  if (isCheckoutError(caught)) return caught.code;
  if (caught instanceof CheckoutError) return caught.type;
  // @ts-expect-error -- unknown is not a CheckoutError until a guard says so
  return caught.code;
}

/** showPayment(): a Pix or a boleto the merchant backend made, shown and followed to its end. */
export async function backendPayment(): Promise<string> {
  const result = await checkout.showPayment({
    target: '#pix',
    signal: new AbortController().signal,
    onProgress: (progress) => {
      // @ts-expect-error -- there is no step 'paid': the promise's result says it
      if (progress.step === 'paid') return;
    },
  });
  // @ts-expect-error -- showPayment shows a payment the backend made: it takes no method
  await checkout.showPayment({ method: 'pix' });
  // @ts-expect-error -- the page is handed the session only: no payment id to ask by
  await checkout.showPayment({ paymentId: 'pay_1' });
  if (!result.ok) return result.error.code;
  return result.payment.pix?.brCode ?? result.payment.boleto?.digitableLine ?? result.payment.status;
}
