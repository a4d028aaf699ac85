// The card frame: served from the token host, embedded by <svc-card-form>. Card data lives only here
// and leaves only in the body of Token/Generate (and the CVV in Token/Bind's).

// First: Lit and the fields open the bundle, the order that gzips smallest (the frame's budget,
// .size-limit.ts, fails on a larger one).
import { defineCardFields } from '../fields/define-fields.ts';
import type { FrameMessages as Messages } from '../../i18n/en.ts';
import type { ThreeDsPreparer } from '../../three-ds/collection/preparer.ts';
import laterChunk from 'virtual:chunk/card-later';
import extrasChunk from 'virtual:chunk/card-extras';
import passkeyChunk from 'virtual:chunk/card-passkey';
import { format } from '../../i18n/messages.ts';
import { decodeHostMessage } from '../../messaging/decode.ts';
import {
  PROTOCOL_VERSION,
  type FrameConfig,
  type FrameToHost,
  type WireError,
} from '../../messaging/protocol.ts';
import type { BrandId } from '../../card/index.ts';
import { BRANDS } from '../../card/index.ts';
import type { SvcCardFields } from '../fields/card-fields.ts';
import { applyAppearance, lazy, painted, startFrame } from '../frame-runtime.ts';
import type * as Later from './later.ts';
import type * as Extras from '../fields/extras.ts';
import type * as PasskeyChunk from './passkey.ts';
import { SvcField } from '../fields/field.ts';
import { html, LitElement } from 'lit';

function brandIdOf(name: string): BrandId | undefined {
  return Object.values(BRANDS).find((brand) => brand.name.toLowerCase() === name.toLowerCase())?.id;
}

const loadLater = lazy<typeof Later>(laterChunk);
const loadExtras = lazy<typeof Extras>(extrasChunk);
const loadPasskeys = lazy<typeof PasskeyChunk>(passkeyChunk);

const clientFor = (later: typeof Later, config: FrameConfig) =>
  later.serviceClient({ origin: window.location.origin, account: config.account });

async function main(): Promise<void> {
  const port = await startFrame(window);
  if (port === undefined) return;
  const post = (message: FrameToHost) => {
    port.postMessage(message);
  };
  const root = document.getElementById('root');
  if (root === null) return;

  /** Set once by configure: the page's configuration (its session id may change: `session`). */
  let config: FrameConfig | undefined;
  let fields: SvcCardFields | undefined;
  let busy = false;
  /** The 3DS preparer of the session, loading or loaded: the `session` message drops it. */
  let preparing: Promise<ThreeDsPreparer> | undefined;
  /** With the merchant's `passkeys` option: a stored card's passkey, and the offer of one. */
  let passkeys: PasskeyChunk.Passkeys | undefined;
  // Only after configure: the fields, and so their events, exist from then on. A chunk that failed to
  // load is asked for again by the next submit.
  const preparer = (current: FrameConfig) =>
    (preparing ??= loadLater().then(
      (later) =>
        later.createPreparer(window, clientFor(later, current), current.sessionId, (step) => {
          post({ v: PROTOCOL_VERSION, type: '3ds', step });
        }),
      (cause: unknown) => {
        preparing = undefined;
        throw cause;
      },
    ));
  const alert = document.createElement('p');
  alert.className = 'svc-alert';
  alert.setAttribute('role', 'alert');

  const configure = async (next: FrameConfig) => {
    config = next;
    // The page sends every string resolved (its locale, the merchant's overrides, English for any gap:
    // i18n/messages.ts), and frames are served per script version, so the page's keys are the frame's.
    // The frame keeps no English copy of its own.
    const messages = next.messages as Messages;
    document.documentElement.lang = next.locale;
    document.title = next.mode === 'cvv' ? messages.cvcFrameTitle : messages.frameTitle;
    applyAppearance(document, next.appearance as Record<string, string>);
    const element = document.createElement('svc-card-fields');
    element.strings = messages;
    element.mode = next.mode;
    element.showSaveCard = next.showSaveCard;
    if (next.documentField !== undefined || next.installments !== undefined) {
      // Tried twice; without it the form never says ready, and the page reports frame_unavailable.
      const extras = await loadExtras().catch(loadExtras);
      extras.defineExtras(SvcField, { LitElement, html }, format);
      element.documentField = next.documentField;
      if (next.installments)
        element.installments = extras.installmentLabels(next.installments, next.locale, messages, format);
    }
    if (next.storedCard !== undefined) {
      const brand = brandIdOf(next.storedCard.brand);
      if (brand !== undefined) element.brand = brand;
      element.cvcLabel = format(messages.storedCardCvcLabel, {
        brand: next.storedCard.brand,
        last4: next.storedCard.last4,
      });
    }
    // Only flags, brand ids and error codes cross to the page; the BIN event stays in this frame.
    element.addEventListener('svc-fields', ({ relay }) => {
      post({ v: PROTOCOL_VERSION, type: 'field', relay });
      // Setup and device data collection start as soon as the number is valid, not at submit.
      const number = element.readNumber();
      // On an account without 3DS the preparer answers at once, with no request (threeDsOn, preparer.ts).
      // With the session as it is now: the page may have sent a new one (`session` below).
      if (relay.kind === 'change' && relay.field === 'number' && number !== undefined && config)
        void preparer(config).then((p) => p.prepare(number));
    });
    element.addEventListener('svc-fields-bin', (event) => {
      void preparing?.then((p) => {
        p.keepOnly(event.bin);
      });
    });
    root.replaceChildren(element, alert);
    // Only now that the skeleton is gone (card.html): its elements have the fields' tag names, and
    // defining them would render fields without strings inside it. Defining upgrades the form, which
    // keeps the properties set above.
    defineCardFields();
    fields = element;
    // A stored card with a passkey shows "Pay with passkey" in place of its code: ready waits for the
    // chunk. Otherwise it is only needed for the offer after a result, and ready does not wait. Without
    // the chunk the form still works, with the code.
    const attaching =
      next.passkeys === true
        ? loadPasskeys()
            .then((chunk) => chunk.attachPasskeys(next, () => config?.sessionId ?? '', element, alert, post))
            .catch(() => undefined)
        : undefined;
    if (next.mode === 'cvv' && next.storedCard?.passkey === true) passkeys = await attaching;
    else void attaching?.then((attached) => (passkeys = attached));
    // The skeleton has painted by now as a rule; on a busy machine the frame may not have painted yet.
    await Promise.all([element.updateComplete, painted(window)]);
    new ResizeObserver(() => {
      post({
        v: PROTOCOL_VERSION,
        type: 'resize',
        height: Math.ceil(document.documentElement.getBoundingClientRect().height),
      });
    }).observe(document.documentElement);
    // On the frame's clock, for whoever checks that the fields painted first (e2e/first-paint.spec.ts).
    performance.mark('svc-ready');
    post({ v: PROTOCOL_VERSION, type: 'ready' });
    // The shopper can type now; what a submit needs comes meanwhile (a failure is retried at submit).
    // A stored card's 3DS setup needs nothing the shopper types: it starts now, as a new card's starts
    // once the number is valid.
    const stored = next.mode === 'cvv' ? next.storedCard : undefined;
    if (stored === undefined) loadLater().catch(() => undefined);
    else
      void preparer(next).then(
        (p) => p.prepare({ token: stored.token }),
        () => undefined,
      );
  };

  // Field by field: only what the page may see crosses (the decoders built these objects).
  const fail = (id: number, { code, type, message }: WireError) => {
    post({ v: PROTOCOL_VERSION, type: 'failure', id, error: { code, type, message } });
  };

  const submit = async (id: number, frontData: Record<string, string>) => {
    if (!config || !fields || busy) {
      fail(
        id,
        busy
          ? { code: 'submit_in_progress', type: 'validation', message: 'A submit is already running.' }
          : { code: 'not_ready', type: 'configuration', message: 'The card form is not configured yet.' },
      );
      return;
    }
    alert.textContent = '';
    busy = true;
    // What this submit runs with: a session the page sends meanwhile is the next submit's.
    const submitted = config;
    const form = fields;
    const authenticationReader = () => loadLater().then((later) => later.decodeAuthentication);
    const outcome = await loadLater()
      .then((later) => {
        const unlock = later.lockForm(form);
        return (
          passkeys?.active === true
            ? passkeys.bind({ frontData, preparer: () => preparer(submitted), authenticationReader })
            : later.submitCard(
                {
                  config: submitted,
                  client: clientFor(later, submitted),
                  fields: form,
                  preparer: () => preparer(submitted),
                  authenticationReader,
                },
                frontData,
              )
        ).finally(unlock);
      })
      // The chunk failing to load; the submit itself always ends in a Result.
      .catch(() => undefined);
    busy = false;
    if (outcome?.ok !== true)
      fail(
        id,
        outcome?.error ?? {
          code: 'network_error',
          type: 'network',
          message: "The card frame's code did not load.",
        },
      );
    else {
      passkeys?.offer(outcome.value);
      post({ v: PROTOCOL_VERSION, type: 'result', id, result: outcome.value });
    }
  };

  port.onmessage = (event: MessageEvent) => {
    const message = decodeHostMessage(event.data);
    if (message === undefined) return;
    switch (message.type) {
      case 'configure':
        // Configured once: a second configure cannot swap the session or account under the shopper.
        if (config === undefined) void configure(message.config);
        break;
      case 'submit':
        void submit(message.id, message.frontData);
        break;
      case 'focus':
        fields?.focusField(message.field);
        break;
      case 'session':
        // The page's new session, after the old one expired: the next setup and submit use it.
        if (config !== undefined) {
          config = { ...config, sessionId: message.sessionId };
          preparing = undefined;
        }
        break;
      // An alert (a failed submit, a declined payment) opens a completed form again, keeping its values.
      case 'complete':
      case 'clear':
      case 'alert':
        // A submit ended in a payment: the fields stay disabled until the page clears them.
        if (fields !== undefined) fields.disabled = message.type === 'complete';
        if (message.type === 'clear') {
          fields?.clear();
          passkeys?.reset();
        }
        alert.textContent = message.type === 'alert' ? message.text : '';
        break;
    }
  };
}

void main();
