// What verifyWebhook() resolves to, as a merchant's handler answers it: a misconfiguration (500, with
// a message for the log) told apart from a refused request (400) by `reason`.
import {
  verifyWebhook,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookRefusal,
} from 'service-checkout/webhooks';

declare const payload: string;
declare const signature: string | undefined;
declare const secret: string;

export async function handle(): Promise<{ status: number; body: string }> {
  const verified = await verifyWebhook({ payload, signature, secret, toleranceSeconds: 600 });

  // @ts-expect-error -- the event exists only once `ok` is narrowed to true
  void verified.event;

  if (!verified.ok) {
    const why: WebhookRefusal = verified.reason;
    // @ts-expect-error -- a refused request has no message; only a misconfiguration does
    void verified.message;
    if (verified.reason === 'misconfigured') {
      const message: string = verified.message;
      return { status: 500, body: `${why}: ${message}` };
    }
    // @ts-expect-error -- there is no reason 'expired'
    if (verified.reason === 'expired') return { status: 400, body: why };
    return { status: 400, body: why };
  }

  const event: WebhookEvent = verified.event;
  const timestamp: number = verified.timestamp;
  return { status: 200, body: `${event.id} ${String(timestamp)}` };
}

export const options: VerifyWebhookOptions[] = [
  { payload, signature: null, secret },
  { payload, signature, secret, now: Date.now() },
  // @ts-expect-error -- the tolerance is a number of seconds, not an environment variable's string
  { payload, signature, secret, toleranceSeconds: '300' },
  // @ts-expect-error -- the secret is required
  { payload, signature },
  // @ts-expect-error -- the body as received, not parsed
  { payload: { id: 'evt_1' }, signature, secret },
];
