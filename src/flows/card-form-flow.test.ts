// The card form flow on the page: mount, submit (deduplicated, delivered once), the shopper's alert,
// the merchant's AbortSignal, and destroy. The frame's answer is stubbed on the element; the frame
// itself runs in the e2e suite.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenizedCard } from '../card/tokenized-card.ts';
import { SvcCardForm } from '../elements/card-form.ts';
import { CheckoutError, failure, type Result } from '../errors.ts';
import { messagesFor } from '../i18n/index.ts';
import type { CardResult, CheckoutOptions } from '../types.ts';
import { TOKENIZED as tokenized } from '../test-fixtures.ts';
import { Session } from '../session.ts';
import { CardFormFlow } from './card-form-flow.ts';

// happy-dom has no ElementInternals; the card form only needs the object to exist here.
if (!('attachInternals' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'attachInternals', { value: () => ({}) });
}

function flow(callback?: (result: CardResult) => void, options: Partial<CheckoutOptions> = {}) {
  const delivered: CardResult[] = [];
  const cardForm = new CardFormFlow({
    target: { origin: 'http://127.0.0.1:4174', account: 'demo' },
    session: new Session('ses_1'),
    options: {
      account: 'demo',
      environment: 'sandbox',
      ...(callback ? { callback } : {}),
      ...options,
    },
    locale: 'pt-BR',
    messages: () => messagesFor('pt-BR', options.messages),
    deliver: (result) => {
      delivered.push(result);
      return result;
    },
  });
  return { cardForm, delivered };
}

/** Mounts a form whose frame answers the next submit with `answer`, and records the alerts. */
function mount(cardForm: CardFormFlow, answer: () => Promise<Result<TokenizedCard>>) {
  const form = cardForm.mount(document.body);
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
    expect(() => flow().cardForm.mount('#nowhere')).toThrow(
      expect.objectContaining({ code: 'invalid_target', type: 'configuration' }),
    );
  });

  it('refuses to stack a second Checkout’s form in an element that holds one', () => {
    const first = flow().cardForm;
    first.mount(document.body);
    const second = flow().cardForm;
    expect(() => second.mount(document.body)).toThrow(/already holds the card form of another Checkout/);
    expect(document.querySelectorAll('svc-card-form')).toHaveLength(1);
    first.destroy();
    expect(() => second.mount(document.body)).not.toThrow();
  });

  it('answers not_mounted, once, to a submit before any mount', async () => {
    const { cardForm, delivered } = flow();
    expect(await cardForm.submit()).toMatchObject({ ok: false, error: { code: 'not_mounted' } });
    expect(delivered).toHaveLength(1);
  });

  it('mounts one form at a time, configured with the session, locale and strings', () => {
    const { cardForm } = flow();
    const first = cardForm.mount(document.body);
    const second = cardForm.mount(document.body, { token: 'tok_s', brand: 'Visa', last4: '1111' });
    expect(first.isConnected).toBe(false);
    expect([...document.querySelectorAll('svc-card-form')]).toEqual([second]);
    expect(second.mode).toBe('cvv');
  });

  it('sends the frame the merchant’s `messages` with its strings, the passkeys’ among them', async () => {
    const setup = vi.spyOn(SvcCardForm.prototype, 'setup');
    const messages = { passkeyPay: 'Pagar com a digital', holderLabel: 'Titular' };
    const { cardForm } = flow(undefined, { messages, passkeys: true, debit: true });
    cardForm.mount(document.body);
    const sent = setup.mock.calls[0]?.[0];
    expect(sent?.config).toMatchObject({ passkeys: true, debit: true });
    expect(sent?.config.messages).toMatchObject(messages);
    expect(await sent?.messages).toMatchObject(messages);
    setup.mockRestore();
  });

  it('shows the save box and the CPF field as the options say, and a stored card by its token, brand, last four and passkey', () => {
    const setup = vi.spyOn(SvcCardForm.prototype, 'setup');
    const { cardForm } = flow(undefined, { saveCard: true, documentField: 'cpf' });
    cardForm.mount(document.body);
    expect(setup.mock.calls[0]?.[0].config).toMatchObject({
      mode: 'card',
      showSaveCard: true,
      documentField: 'cpf',
    });
    const card = { token: 'tok_s', brand: 'Visa', last4: '1111', maskedNumber: '411111******1111' };
    cardForm.mount(document.body, { ...card, passkey: true });
    cardForm.mount(document.body, { ...card, passkey: false });
    const [, withPasskey, without] = setup.mock.calls.map((call) => call[0].config);
    expect(withPasskey).toMatchObject({ mode: 'cvv', showSaveCard: false });
    expect(withPasskey?.storedCard).toEqual({ token: 'tok_s', brand: 'Visa', last4: '1111', passkey: true });
    expect(without?.storedCard).toEqual({ token: 'tok_s', brand: 'Visa', last4: '1111' });
    expect(without).not.toHaveProperty('documentField');
    setup.mockRestore();
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

  // A session that expired is told as such: checking the card again cannot help.
  it.each([
    ['network_error', 'network', 'errorNetwork'],
    ['session_expired', 'configuration', 'errorSessionExpired'],
  ] as const)(
    'shows why %s failed in the frame, in the shopper’s language, but not a field error',
    async (code, type, key) => {
      const { cardForm } = flow();
      const { alerts } = mount(cardForm, () => Promise.resolve(failure(code, type, 'Failed.')));
      await cardForm.submit();
      expect(alerts).toEqual([messagesFor('pt-BR', undefined)[key]]);
      alerts.length = 0;
      const form = document.querySelector('svc-card-form');
      if (form !== null)
        form.submit = () => Promise.resolve(failure('validation_failed', 'validation', 'Fields.'));
      expect(await cardForm.submit()).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
      expect(alerts).toEqual([]);
    },
  );

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

  it('completes the form on a token: locked, the same result again without a request, until clear()', async () => {
    const { cardForm, delivered } = flow();
    const { form, submit } = mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
    const posted: string[] = [];
    const complete = form.complete.bind(form);
    form.complete = () => {
      posted.push('complete');
      complete();
    };
    const first = await cardForm.submit();
    expect(first).toMatchObject({ ok: true, token: 'tok_1' });
    expect(form.completed).toBe(true);
    expect(form.hasAttribute('completed')).toBe(true);
    expect(posted).toEqual(['complete']);
    // A second click on Pay: the same result, no request, no second callback.
    expect(await cardForm.submit()).toBe(first);
    expect(submit).toHaveBeenCalledOnce();
    expect(delivered).toHaveLength(1);
    form.clear();
    expect(form.completed).toBe(false);
    await cardForm.submit();
    expect(submit).toHaveBeenCalledTimes(2);
    expect(delivered).toHaveLength(2);
  });

  it.each([
    ['insufficient_funds', 'Saldo ou limite insuficiente neste cartão. Use outro cartão.'],
    ['card_blocked', 'Este cartão está bloqueado. Use outro cartão.'],
    ['do_not_honor', 'O banco recusou este pagamento. Use outro cartão ou fale com o seu banco.'],
    ['a_reason_we_do_not_know', 'O banco recusou este pagamento. Use outro cartão ou fale com o seu banco.'],
    [undefined, 'O banco recusou este pagamento. Use outro cartão ou fale com o seu banco.'],
    ['toString', 'O banco recusou este pagamento. Use outro cartão ou fale com o seu banco.'],
  ])(
    'shows a decline (%s) in the shopper’s language and opens the completed form again',
    async (reason, text) => {
      const { cardForm, delivered } = flow();
      const { form, alerts, submit } = mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
      await cardForm.submit();
      expect(form.completed).toBe(true);
      cardForm.showDecline(reason);
      expect(alerts).toEqual([text]);
      expect(form.completed).toBe(false);
      // The shopper fixes the card and pays again: a new token, delivered again.
      await cardForm.submit();
      expect(submit).toHaveBeenCalledTimes(2);
      expect(delivered).toHaveLength(2);
    },
  );

  it('throws not_mounted for a decline with no form', () => {
    expect(() => {
      flow().cardForm.showDecline('do_not_honor');
    }).toThrow(expect.objectContaining({ code: 'not_mounted', type: 'configuration' }));
  });

  it('does not complete the form on a failure', async () => {
    const { cardForm } = flow();
    const { form, submit } = mount(cardForm, () =>
      Promise.resolve(failure('cvv_mismatch', 'validation', 'The security code does not match.')),
    );
    await cardForm.submit();
    expect(form.completed).toBe(false);
    await cardForm.submit();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('dispatches every result as svc-result on the form, with the value the callback gets', async () => {
    const { cardForm, delivered } = flow();
    const { form } = mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
    const events: CardResult[] = [];
    form.addEventListener('svc-result', (event) => events.push(event.result));
    const result = await cardForm.submit();
    expect(events).toEqual([result]);
    expect(delivered).toEqual([result]);
  });

  describe('a submit started by Enter in a field', () => {
    /** Mounts, capturing the Enter hook the flow gives the element. */
    function mountWithEnter(cardForm: CardFormFlow) {
      const setup = vi.spyOn(SvcCardForm.prototype, 'setup');
      const mounted = mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
      const enter = setup.mock.calls[0]?.[0].onSubmitRequest;
      setup.mockRestore();
      if (enter === undefined) throw new Error('no Enter hook');
      return { ...mounted, enter };
    }

    it('reaches an svc-result listener, without a warning', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { cardForm } = flow();
      const { form, enter } = mountWithEnter(cardForm);
      const result = new Promise<CardResult>((resolve) => {
        form.addEventListener('svc-result', (event) => {
          resolve(event.result);
        });
      });
      enter();
      expect(await result).toMatchObject({ ok: true, token: 'tok_1' });
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    });

    it('warns, naming the fix, when neither a callback, a listener nor submit() takes the result', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { cardForm } = flow();
      const { enter } = mountWithEnter(cardForm);
      // Heard here only to know when it ended: the warning looks for listeners on the form.
      const ended = new Promise((resolve) => {
        document.addEventListener('svc-result', resolve, { once: true });
      });
      enter();
      await ended;
      await Promise.resolve();
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/reached no one.*callback.*svc-result/);
      warn.mockRestore();
    });

    it('does not warn when the merchant passed a callback or joined with submit()', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const withCallback = flow(() => undefined);
      mountWithEnter(withCallback.cardForm).enter();
      await withCallback.cardForm.submit();
      withCallback.cardForm.destroy();
      const joined = flow();
      const { enter } = mountWithEnter(joined.cardForm);
      enter();
      await joined.cardForm.submit();
      expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    });
  });

  it('takes a new session into the mounted form, keeping it, and unlocks a completed one', async () => {
    const { cardForm } = flow();
    const { form } = mount(cardForm, () => Promise.resolve({ ok: true, value: tokenized }));
    const sessions: string[] = [];
    form.updateSession = (sessionId) => sessions.push(sessionId);
    cardForm.updateSession('ses_2');
    expect(sessions).toEqual(['ses_2']);
    expect(document.querySelector('svc-card-form')).toBe(form);
    await cardForm.submit();
    expect(form.completed).toBe(true);
    cardForm.updateSession('ses_3');
    expect(form.completed).toBe(false);
    // A form mounted afterwards is configured with the new session.
    const setup = vi.spyOn(SvcCardForm.prototype, 'setup');
    cardForm.mount(document.body);
    expect(setup.mock.calls[0]?.[0].config.sessionId).toBe('ses_3');
    setup.mockRestore();
  });
});
