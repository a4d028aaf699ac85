// The demo's single-page app: a cart, a payment view that mounts the checkout's card form and
// unmounts it when the shopper leaves, and a receipt. The payment view and the checkout script are
// one lazy chunk, downloaded when the shopper goes to pay.
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Payment } from './merchant-api.ts';

const PaymentView = lazy(() => import('./payment-view.tsx'));

const AMOUNT = 80;

function App() {
  const [view, setView] = useState<'cart' | 'payment' | 'receipt'>('cart');
  const [payment, setPayment] = useState<Payment>();

  if (view === 'receipt')
    return (
      <section aria-labelledby="receipt-title">
        <h1 id="receipt-title">Thank you</h1>
        <p role="status">Payment {payment?.status ?? payment?.error?.code ?? 'unknown'}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setView('cart');
          }}
        >
          Shop again
        </button>
      </section>
    );

  if (view === 'payment')
    return (
      <section aria-labelledby="payment-title">
        <h1 id="payment-title">Payment</h1>
        <Suspense fallback={<p role="status">Loading the payment form…</p>}>
          <PaymentView
            amount={AMOUNT}
            onPaid={(paid) => {
              setPayment(paid);
              setView('receipt');
            }}
          />
        </Suspense>
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setView('cart');
          }}
        >
          Back to the cart
        </button>
      </section>
    );

  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title">Your cart</h1>
      <p>
        A single-page app in React that imports the checkout as an ES module. Going to payment mounts the card
        form; going back unmounts it, and mounting it again starts fresh.
      </p>
      <p className="order">
        Order total: <strong>R$ 80,00</strong>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setView('payment');
        }}
      >
        Go to payment
      </button>
    </section>
  );
}

const root = document.getElementById('app');
if (root === null) throw new Error('no #app element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
