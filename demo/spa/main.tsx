// The demo's single-page app: a cart, a payment view that mounts the checkout's card form and
// unmounts it when the shopper leaves, and a receipt. The payment view and the checkout script are
// one lazy chunk, downloaded when the shopper goes to pay.
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Payment } from './merchant-api.ts';
import { t } from './strings.ts';

const PaymentView = lazy(() => import('./payment-view.tsx'));

const AMOUNT = 80;

function App() {
  const [view, setView] = useState<'cart' | 'payment' | 'receipt'>('cart');
  const [payment, setPayment] = useState<Payment>();

  if (view === 'receipt')
    return (
      <section aria-labelledby="receipt-title">
        <h1 id="receipt-title">{t('thanks')}</h1>
        <p role="status">
          {t('paymentStatus', { status: payment?.status ?? payment?.error?.code ?? 'unknown' })}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setView('cart');
          }}
        >
          {t('shopAgain')}
        </button>
      </section>
    );

  if (view === 'payment')
    return (
      <section aria-labelledby="payment-title">
        <h1 id="payment-title">{t('paymentTitle')}</h1>
        <Suspense fallback={<p role="status">{t('loading')}</p>}>
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
          {t('backToCart')}
        </button>
      </section>
    );

  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title">{t('cartTitle')}</h1>
      <p>{t('cartIntro')}</p>
      <p className="order">
        {t('orderTotal')} <strong>R$ 80,00</strong>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          setView('payment');
        }}
      >
        {t('goToPayment')}
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
