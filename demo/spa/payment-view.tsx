// The payment view of the single-page app: it creates a Checkout for a fresh session, mounts the card
// form in its own element, and destroys the checkout when React unmounts the view.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
// #region import
import { Checkout, type SvcReadyEvent, type SvcResultEvent } from 'service-checkout';
// #endregion import
import { checkoutSettings, createSession, payOnBackend, type Payment, type Session } from './merchant-api.ts';

interface PaymentViewProps {
  amount: number;
  onPaid: (payment: Payment) => void;
}

export default function PaymentView({ amount, onPaid }: PaymentViewProps) {
  // Asked for as the view opens; the card form mounts at once and its frame loads meanwhile.
  const [session] = useState(createSession);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    session.catch(() => {
      if (current) setProblem('The payment could not be started. Please try again.');
    });
    return () => {
      current = false;
    };
  }, [session]);

  if (problem !== '') return <p role="alert">{problem}</p>;
  return <CardPayment session={session} amount={amount} onPaid={onPaid} />;
}

// #region card-payment
function CardPayment({ session, amount, onPaid }: { session: Promise<Session> } & PaymentViewProps) {
  const slot = useRef<HTMLDivElement>(null);
  const checkout = useRef<Checkout | null>(null);
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  // The latest props for the result listener, which lives as long as the checkout (not one render).
  const order = useRef({ amount, onPaid });
  order.current = { amount, onPaid };

  useEffect(() => {
    if (slot.current === null) return;
    const instance = new Checkout({
      // The shop's own settings, which its backend renders into the page.
      ...checkoutSettings(),
      // The session as a promise: the frame loads meanwhile; its fields show once it resolves.
      sessionId: session.then((created) => created.sessionId),
      locale: navigator.language,
    });
    const form = instance.mountCardForm(slot.current);
    form.id = 'card-form';
    form.addEventListener('svc-ready', (_event: SvcReadyEvent) => {
      setReady(true);
    });
    // Enter in a card field submits too: the shopper is paying, whichever way they started.
    form.addEventListener('svc-submit', () => {
      setPaying(true);
    });
    // Every submit ends here, started by the Pay button or by Enter: one place pays.
    form.addEventListener('svc-result', (event: SvcResultEvent) => {
      const { result } = event;
      // On failure the frame already tells the shopper why, in their language (docs/errors.md lists
      // what each result.error.code means and what it shows).
      if (!result.ok) {
        setPaying(false);
        return;
      }
      const { amount: total, onPaid: paid } = order.current;
      void session
        .then((created) => payOnBackend(created.sessionId, total, result))
        .then(
          (payment) => {
            // The issuer said no: the form opens again and tells the shopper why, in their language.
            if (payment.status === 'declined') {
              instance.showDecline(payment.paymentMethods?.[0]?.declineReason);
              setPaying(false);
              return;
            }
            paid(payment);
          },
          () => {
            setPaying(false);
          },
        );
    });
    checkout.current = instance;
    return () => {
      // The view is leaving: the frame, its message port and its listeners go with the checkout.
      instance.destroy();
      checkout.current = null;
      setReady(false);
    };
  }, [session]);

  function pay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checkout.current === null) return;
    setPaying(true);
    // Runs 3DS by itself when the account has it on (device data collection, maybe a challenge); the
    // result arrives as svc-result.
    void checkout.current.submit();
  }

  return (
    <form onSubmit={pay} noValidate className="checkout">
      <label htmlFor="card-form">Card</label>
      <div ref={slot} />
      <button type="submit" disabled={!ready || paying}>
        Pay R$ {amount},00
      </button>
    </form>
  );
}
// #endregion card-payment
