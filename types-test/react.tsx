// service-checkout/react as an app writes it: the provider with the Checkout's options (the session as a
// promise), the elements with typed event props, usePay() with its state narrowed on `ok`.
import type { PaymentResult, SvcResultEvent } from 'service-checkout';
import {
  ApplePayButton,
  CardForm,
  CheckoutProvider,
  GooglePayButton,
  PixCode,
  StoredCard,
  useCheckout,
  usePay,
} from 'service-checkout/react';

declare const session: Promise<string>;
/** Uses a value, so that its type is checked where it is read. */
declare function see(value: unknown): void;

export function Shop({ amount }: { amount: number }) {
  return (
    <CheckoutProvider
      options={{ account: 'demo', environment: 'sandbox', sessionId: session, saveCard: true }}
    >
      <Payment amount={amount} />
    </CheckoutProvider>
  );
}

function Payment({ amount }: { amount: number }) {
  const checkout = useCheckout();
  const { pay, paying, progress, result } = usePay();
  const step: 'tokenizing' | 'paying' | 'pending' | 'checking' | undefined = progress?.step;
  const paid: string | undefined = result?.ok === true ? result.payment.paymentId : result?.error.code;
  see([checkout?.locale, step, paid]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void pay().then((done: PaymentResult) => done.ok);
      }}
    >
      <CardForm
        className="card"
        onReady={(event) => {
          see(event.type);
        }}
        onChange={(event) => {
          see(event.state.complete);
        }}
        onResult={(event: SvcResultEvent) => {
          if (event.result.ok) see(event.result.token);
        }}
      />
      {/* @ts-expect-error -- a stored card needs its token, brand and last four digits */}
      <StoredCard card={{ token: 'tok_1' }} />
      <StoredCard card={{ token: 'tok_1', brand: 'Visa', last4: '1111' }} />
      <GooglePayButton
        merchantInfo={{ merchantId: 'BCR2DN4T', merchantName: 'Shop' }}
        transactionInfo={{ totalPrice: amount.toFixed(2), currencyCode: 'BRL', countryCode: 'BR' }}
        checkoutCallbackFunction={() => Promise.resolve({ ok: true })}
        onError={(error) => {
          see(error.code);
        }}
      />
      {/* @ts-expect-error -- the Google Pay button needs its callback */}
      <GooglePayButton transactionInfo={{ totalPrice: '80.00', currencyCode: 'BRL', countryCode: 'BR' }} />
      <ApplePayButton
        merchantId="merchant.shop"
        cart={{ total: { label: 'Shop', amount } }}
        applePayCallback={() => true}
      />
      <PixCode className="pix" />
      <button type="button" disabled={paying} onClick={() => void pay({ method: 'pix' })}>
        Pix
      </button>
      {/* @ts-expect-error -- pay() takes no amount: the session holds the order */}
      <button type="button" onClick={() => void pay({ amount })} />
    </form>
  );
}

// @ts-expect-error -- the provider needs the Checkout's options
export const missing = <CheckoutProvider options={{ account: 'demo' }} />;
