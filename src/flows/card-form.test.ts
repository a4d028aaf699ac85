// The card form flow on the page: mount, submit (deduplicated, delivered once), the shopper's alert,
// the merchant's AbortSignal, and destroy. The frame's answer is stubbed on the element; the frame
// itself runs in the e2e suite.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenizedCard } from '../card/tokenized-card.ts';
import type { SvcCardForm } from '../elements/card-form.ts';
import { CheckoutError, failure, type Result } from '../errors.ts';
import { messagesFor } from '../i18n/index.ts';
import type { CardResult } from '../types.ts';
import { TOKENIZED as tokenized } from '../test-fixtures.ts';
import { CardFormFlow } from './card-form.ts';

// happy-dom has no ElementInternals; the card form only needs the object to exist here.
if (!('attachInternals' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'attachInternals', { value: () => ({}) });
}

function flow() {
  const delivered: CardResult[] = [];
  const cardForm = new CardFormFlow({
    target: { origin: 'http://127.0.0.1:4174', account: 'demo' },
    options: { sessionId: 'ses_1', account: 'demo', environment: 'sandbox' },
    locale: 'pt-BR',
    messages: () => messagesFor('pt-BR', undefined),
    deliver: (run) =>
      run.then((result) => {
        delivered.push(result);
        return result;
      }),
  });
  return { cardForm, delivered };
}

/** Mounts a form whose frame answers the next submit with `answer`, and records the alerts. */
function mount(cardForm: CardFormFlow, answer: () => Promise<Result<TokenizedCard>>) {
  const form = cardForm.mount(document.body, { mode: 'card', showSaveCard: false });
  const alerts: string[] = [];
  const submit = vi.fn((_frontData: Readonly<Record<string, string>>) => answer());
  Object.assign(form, { submit, alert: (text: string) => alerts.push(text) } satisfies Partial<SvcCardForm>);
  return { form, alerts, submit };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the card form flow', () => {
  it('throws invalid_target for a selector that matches nothing', () => {
    expect(() => flow().cardForm.mount('#nowhere', { mode: 'card', showSaveCard: false })).toThrow(
      expect.objectContaining({ code: 'invalid_target', type: 'configuration' }),
    );
  });

  it('answers not_mounted, once, to a submit before any mount', async () => {
    const { cardForm, delivered } = flow();
    expect(await cardForm.submit()).toMatchObject({ ok: false, error: { code: 'not_mounted' } });
    expect(delivered).toHaveLength(1);
  });

  it('mounts one form at a time, configured with the session, locale and strings', () => {
    const { cardForm } = flow();
    const first = cardForm.mount(document.body, { mode: 'card', showSaveCard: true });
    const second = cardForm.mount(document.body, {
      mode: 'cvv',
      showSaveCard: false,
      storedCard: { token: 'tok_s', brand: 'Visa', last4: '1111' },
    });
    expect(first.isConnected).toBe(false);
    expect([...document.querySelectorAll('svc-card-form')]).toEqual([second]);
    expect(second.mode).toBe('cvv');
  });

  it('runs one submit for two calls, and delivers its result once', async () => {
    const { cardForm, delivered } = flow();
    const { submit } = mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
    const [a, b] = [cardForm.submit(), cardForm.submit()];
    expect(a).toBe(b);
    expect(await a).toEqual({ ok: true, ...tokenized });
    expect(submit).toHaveBeenCalledOnce();
    expect(delivered).toHaveLength(1);
    // Sends the page's frontData with the submit.
    expect(submit.mock.calls[0]?.[0]).toHaveProperty('userAgent');
  });

  it('shows the shopper why in the frame, in their language, but not for a field error', async () => {
    const { cardForm } = flow();
    const { alerts } = mount(cardForm, () =>
      Promise.resolve(failure('network_error', 'network', 'The payment service could not be reached.')),
    );
    await cardForm.submit();
    expect(alerts).toEqual([messagesFor('pt-BR', undefined).errorNetwork]);
    alerts.length = 0;
    const form = document.querySelector('svc-card-form');
    if (form !== null)
      form.submit = () => Promise.resolve(failure('validation_failed', 'validation', 'Fields.'));
    expect(await cardForm.submit()).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    expect(alerts).toEqual([]);
  });

  it('ends a running submit as destroyed when the form is removed, and can mount again', async () => {
    const { cardForm, delivered } = flow();
    mount(cardForm, () => new Promise(() => undefined));
    const result = cardForm.submit();
    cardForm.destroy();
    expect(await result).toMatchObject({ ok: false, error: { code: 'destroyed', type: 'cancelled' } });
    expect(document.querySelector('svc-card-form')).toBeNull();
    expect(delivered).toHaveLength(1);
    mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
    expect(await cardForm.submit()).toMatchObject({ ok: true, token: 'tok_1' });
  });

  it('stops at the merchant’s AbortSignal with aborted, and shows no alert for it', async () => {
    const { cardForm } = flow();
    const { alerts } = mount(cardForm, () => new Promise(() => undefined));
    const controller = new AbortController();
    const result = cardForm.submit(controller.signal);
    controller.abort();
    expect(await result).toMatchObject({ ok: false, error: { code: 'aborted', type: 'cancelled' } });
    expect(alerts).toEqual([]);
    const already = new AbortController();
    already.abort(new CheckoutError('destroyed', 'cancelled', 'Gone.'));
    expect(await cardForm.submit(already.signal)).toMatchObject({ ok: false, error: { code: 'destroyed' } });
  });
});
