// The payment view of the single-page app: service-checkout/react's provider holds a Checkout for a fresh
// session, <CardForm> mounts the card form in its own element, and leaving the view destroys both.
import { useEffect, useState, type SubmitEvent } from 'react';
// #region import
import type { SvcResultEvent } from 'service-checkout';
import { CardForm, CheckoutProvider, useCheckout } from 'service-checkout/react';
// #endregion import
import { checkoutSettings, createSession, payOnBackend, type Payment, type Session } from './merchant-api.ts';
import { locale, t } from './strings.ts';

interface PaymentViewProps {
  amount: number;
  onPaid: (payment: Payment) => void;
}

// #region provider
export default function PaymentView({ amount, onPaid }: PaymentViewProps) {
  // Asked for as the view opens; the card form mounts at once and its frame loads meanwhile. One
  // promise for the view: another promise would be another session.
  const [session] = useState(createSession);
  const [options] = useState(() => ({
    // The shop's own settings, which its backend renders into the page.
    ...checkoutSettings(),
    // The session as a promise: the frame loads meanwhile; its fields show once it resolves.
    sessionId: session.then((created) => created.sessionId),
    // The app's language (strings.ts): the form speaks it too.
    locale,
  }));
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    session.catch(() => {
      if (current) setProblem(t('notStarted'));
    });
    return () => {
      current = false;
    };
  }, [session]);

  if (problem !== '') return <p role="alert">{problem}</p>;
  // One Checkout for the view, destroyed with it: its frame, port and listeners go when the shopper leaves.
  return (
    <CheckoutProvider options={options}>
      <CardPayment session={session} amount={amount} onPaid={onPaid} />
    </CheckoutProvider>
  );
}
// #endregion provider

// #region card-payment
function CardPayment({ session, amount, onPaid }: { session: Promise<Session> } & PaymentViewProps) {
  const checkout = useCheckout();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);

  // Every submit ends here, started by the Pay button or by Enter: one place pays. It sees this
  // render's amount and onPaid: the provider calls the latest render's callbacks.
  function paid({ result }: SvcResultEvent) {
    // On failure the frame already tells the shopper why, in their language (docs/errors.md lists
    // what each result.error.code means and what it shows).
    if (!result.ok) {
      setPaying(false);
      return;
    }
    void session
      .then((created) => payOnBackend(created.sessionId, amount, result))
      .then(
        (payment) => {
          // The issuer said no: the form opens again and tells the shopper why, in their language.
          if (payment.status === 'declined') {
            checkout?.showDecline(payment.paymentMethods?.[0]?.declineReason);
            setPaying(false);
            return;
          }
          onPaid(payment);
        },
        () => {
          setPaying(false);
        },
      );
  }

  function pay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checkout === null) return;
    setPaying(true);
    // Runs 3DS by itself when the account has it on (device data collection, maybe a challenge); the
    // result arrives as onResult.
    void checkout.submit();
  }

  return (
    <form onSubmit={pay} noValidate className="checkout">
      <label htmlFor="card-form">{t('card')}</label>
      <CardForm
        id="card-form"
        onReady={() => {
          setReady(true);
        }}
        // Enter in a card field submits too: the shopper is paying, whichever way they started.
        onSubmit={() => {
          setPaying(true);
        }}
        onResult={paid}
      />
      <button type="submit" disabled={!ready || paying}>
        {t('pay', { amount })}
      </button>
    </form>
  );
}
// #endregion card-payment
