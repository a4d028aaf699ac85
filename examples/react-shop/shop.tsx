// The React shop's one page: a cart whose quantity the shopper may change, the card form in a
// <CheckoutProvider>, and a Pay button. The same component renders in the browser (client.tsx) and on
// the server (render.tsx); its props are what the server put in the page, so hydration sees the same.

import { useState, type SubmitEvent } from 'react';
import type { CheckoutOptions, SvcResultEvent } from 'service-checkout';
import { CardForm, CheckoutProvider, useCheckout } from 'service-checkout/react';

/** What the server renders into the page: the Checkout's settings and the cart's session. */
export interface ShopPage {
  settings: Pick<CheckoutOptions, 'account' | 'environment' | 'tokenUrl'>;
  sessionId: string;
  quantity: number;
  amount: number;
}

/** What the shop's server answers: a session for a cart, or a payment's status. */
interface Reply {
  sessionId?: string;
  amount?: number;
  status?: string;
  error?: { code?: string };
}

async function post(path: string, body: object): Promise<Reply> {
  const init = { method: 'POST', headers: { 'content-type': 'application/json' } };
  return (await fetch(path, { ...init, body: JSON.stringify(body) })).json() as Promise<Reply>;
}

const brl = (amount: number) => `R$ ${amount.toFixed(2).replace('.', ',')}`;

export function Shop({ page }: { page: ShopPage }) {
  const [cart, setCart] = useState(page);
  const [updating, setUpdating] = useState(false);

  // Another quantity is another order: the server prices it and opens its session, which the
  // provider hands to the same Checkout (what the shopper typed stays in the form).
  async function changeQuantity(quantity: number) {
    setUpdating(true);
    const { sessionId, amount } = await post('/api/session', { quantity });
    if (sessionId !== undefined && amount !== undefined) setCart({ ...cart, sessionId, quantity, amount });
    setUpdating(false);
  }

  return (
    <main>
      <h1>Your cart</h1>
      <p>
        <label htmlFor="quantity">{`Coffee beans, ${brl(cart.amount / cart.quantity)} a bag`}</label>{' '}
        <select
          id="quantity"
          value={cart.quantity}
          disabled={updating}
          onChange={(event) => void changeQuantity(Number(event.target.value))}
        >
          {[1, 2, 3, 4, 5].map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </p>
      <CheckoutProvider options={{ ...cart.settings, sessionId: cart.sessionId, locale: 'en' }}>
        <CardPayment sessionId={cart.sessionId} amount={cart.amount} updating={updating} />
      </CheckoutProvider>
    </main>
  );
}

function CardPayment({
  sessionId,
  amount,
  updating,
}: {
  sessionId: string;
  amount: number;
  updating: boolean;
}) {
  const checkout = useCheckout();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [status, setStatus] = useState('');

  // Every submit ends here (the Pay button, or Enter in a card field), with this render's session.
  async function paid({ result }: SvcResultEvent) {
    // A failed submit: the form already tells the shopper why, and stays for another try.
    if (!result.ok) {
      setPaying(false);
      return;
    }
    const { token, code, referenceId, transactionId } = result;
    const payment = await post('/api/pay', { sessionId, token, code, referenceId, transactionId });
    setStatus(`Payment ${payment.status ?? payment.error?.code ?? 'failed'}`);
  }

  function pay(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPaying(true);
    // Runs 3DS when the account has it on, challenge and all; the result arrives as onResult.
    void checkout?.submit();
  }

  return (
    <form onSubmit={pay}>
      <label htmlFor="card-form">Card</label>
      <CardForm
        id="card-form"
        onReady={() => {
          setReady(true);
        }}
        onSubmit={() => {
          setPaying(true);
        }}
        onResult={(event) => void paid(event)}
      />
      <button id="pay" type="submit" disabled={!ready || paying || updating}>
        {`Pay ${brl(amount)}`}
      </button>
      <p id="status" role="status">
        {status}
      </p>
    </form>
  );
}
