// The card frame: served from the token host, embedded by <svc-card-form>. Card data lives only here
// and leaves only in the body of Token/Generate (and the CVV in Token/Bind's).

// First on purpose: Lit and the fields then open the bundle, and the modules below end up next to
// this script, which gzips about 100 bytes smaller (the frame's budget: scripts/size.mjs).
import { defineCardFields } from '../fields/define.ts';
import {
  bindToken,
  call,
  generateToken,
  type ServiceResult,
  type ServiceTarget,
  type TokenCard,
} from '../../api/service.ts';
import type { CheckoutError } from '../../errors.ts';
import { enFrame as en, type FrameMessages as Messages } from '../../i18n/en.ts';
import type * as ThreeDsChunk from './three-ds.ts';
import type { ThreeDsPreparer } from './three-ds.ts';
import threeDsChunk from 'virtual:three-ds-chunk';
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
import { applyAppearance, startFrame } from '../frame-runtime.ts';

function brandIdOf(name: string): BrandId | undefined {
  return Object.values(BRANDS).find((brand) => brand.name.toLowerCase() === name.toLowerCase())?.id;
}

function wire(error: CheckoutError): WireError {
  return { code: error.code, type: error.type, message: error.message };
}

/** 3DS runs from a chunk of its own, fetched when a card number first becomes valid (vite.config.ts). */
const loadThreeDs = () => import(/* @vite-ignore */ threeDsChunk) as Promise<typeof ThreeDsChunk>;

async function main(): Promise<void> {
  const port = await startFrame(window);
  if (port === undefined) return;
  const post = (message: FrameToHost) => {
    port.postMessage(message);
  };
  defineCardFields();
  const root = document.getElementById('root');
  if (root === null) return;

  let config: FrameConfig | undefined;
  let fields: SvcCardFields | undefined;
  let messages: Messages | undefined;
  let busy = false;
  let threeDs: Promise<ThreeDsPreparer> | undefined;
  const target = (): ServiceTarget => ({ origin: window.location.origin, account: config?.account ?? '' });
  const prepare = (cardNumber: string, take = false) =>
    (threeDs ??= loadThreeDs().then((module) =>
      module.createPreparer(
        window,
        (body) => call(target(), '/api/ThreeDS/Setup', body),
        config?.sessionId ?? '',
        (step) => {
          post({ v: PROTOCOL_VERSION, type: '3ds', step });
        },
      ),
    )).then((preparer) => (take ? preparer.take(cardNumber) : preparer.prepare(cardNumber)));
  const alert = document.createElement('p');
  alert.className = 'svc-alert';
  alert.setAttribute('role', 'alert');

  const configure = async (next: FrameConfig) => {
    config = next;
    // The page sends every string already resolved; English fills any gap.
    // An empty string would leave an input without a name: such an override keeps the English text.
    messages = {
      ...en,
      ...Object.fromEntries(Object.entries(next.messages).filter(([key, text]) => text !== '' && key in en)),
    };
    document.documentElement.lang = next.locale;
    document.title = next.mode === 'cvv' ? messages.cvcFrameTitle : messages.frameTitle;
    applyAppearance(document, next.appearance as Record<string, string>);
    const element = document.createElement('svc-card-fields');
    element.strings = messages;
    element.mode = next.mode;
    element.showSaveCard = next.showSaveCard;
    if (next.storedCard !== undefined) {
      const brand = brandIdOf(next.storedCard.brand);
      if (brand !== undefined) element.brand = brand;
      element.cvcLabel = format(messages.storedCardCvcLabel, {
        brand: next.storedCard.brand,
        last4: next.storedCard.last4,
      });
    }
    // Only flags, brand ids and error codes cross to the page; the BIN event stays in this frame.
    element.addEventListener('svc-fields-change', (event) => {
      post({ v: PROTOCOL_VERSION, type: 'change', field: event.field, state: event.state });
      // Setup and device data collection start as soon as the number is valid, not at submit.
      const number = element.readNumber();
      if (event.field === 'number' && number !== undefined) void prepare(number);
    });
    element.addEventListener('svc-fields-bin', (event) => {
      void threeDs?.then((preparer) => {
        preparer.keepOnly(event.bin);
      });
    });
    element.addEventListener('svc-fields-focus', (event) => {
      post({ v: PROTOCOL_VERSION, type: 'focus', field: event.field });
    });
    element.addEventListener('svc-fields-blur', (event) => {
      post({ v: PROTOCOL_VERSION, type: 'blur', field: event.field });
    });
    element.addEventListener('svc-fields-submit', () => {
      post({ v: PROTOCOL_VERSION, type: 'submit-request' });
    });
    root.replaceChildren(element, alert);
    fields = element;
    await element.updateComplete;
    new ResizeObserver(() => {
      post({
        v: PROTOCOL_VERSION,
        type: 'resize',
        height: Math.ceil(document.documentElement.getBoundingClientRect().height),
      });
    }).observe(document.documentElement);
    post({ v: PROTOCOL_VERSION, type: 'ready' });
  };

  const submit = async (id: number, frontData: Record<string, string>) => {
    const fail = (error: WireError) => {
      post({ v: PROTOCOL_VERSION, type: 'failure', id, error });
    };
    if (config === undefined || fields === undefined || messages === undefined) {
      fail({ code: 'not_ready', type: 'configuration', message: 'The card form is not configured yet.' });
      return;
    }
    if (busy) {
      fail({ code: 'submit_in_progress', type: 'validation', message: 'A submit is already running.' });
      return;
    }
    alert.textContent = '';
    if (!fields.validateAll()) {
      fail({
        code: 'validation_failed',
        type: 'validation',
        message: 'Some card fields are missing or not valid.',
      });
      return;
    }
    busy = true;
    fields.disabled = true;
    try {
      let reply: ServiceResult<{
        token: string;
        card: TokenCard;
        singleUse?: boolean;
        frontData?: Record<string, string>;
        authentication?: unknown;
      }>;
      let code: string | undefined;
      if (config.mode === 'cvv' && config.storedCard !== undefined) {
        const read = fields.readCvv();
        if (read === undefined) return;
        reply = await bindToken(target(), {
          sessionId: config.sessionId,
          token: config.storedCard.token,
          cvv: read.cvv,
        });
      } else {
        const card = fields.readCard();
        if (card === undefined) return;
        // Waits for the setup and at most 10 s of device data collection started when the number
        // became valid (or starts them now, e.g. after a failed setup).
        const prepared = await prepare(card.cardNumber, true);
        if (!prepared.ok) {
          fail(prepared.error);
          return;
        }
        code = prepared.code;
        reply = await generateToken(target(), {
          sessionId: config.sessionId,
          card: { ...card, singleUse: !fields.saveCard },
          frontData,
          ...(code === undefined ? {} : { authenticationCode: code }),
        });
      }
      if (!reply.ok) {
        fail(wire(reply.error));
        return;
      }
      // Token/Bind keeps the stored card and echoes no frontData; Token/Generate completes it.
      const { token, card, singleUse = false, frontData: completed = frontData } = reply.value;
      const authentication =
        code === undefined
          ? undefined
          : (await loadThreeDs()).authenticationForPage(reply.value.authentication);
      if (code !== undefined && authentication === undefined) {
        fail({
          code: 'invalid_response',
          type: 'service',
          message: 'The payment service answered Token/Generate without a readable authentication.',
        });
        return;
      }
      // Field by field: the reply's card also holds the BIN, which must stay in this frame.
      post({
        v: PROTOCOL_VERSION,
        type: 'result',
        id,
        result: {
          token,
          brand: card.brand,
          last4: card.last4,
          maskedNumber: card.maskedNumber,
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
          singleUse,
          frontData: completed,
          ...(authentication === undefined ? {} : { authentication }),
        },
      });
    } finally {
      busy = false;
      fields.disabled = false;
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
      case 'clear':
        fields?.clear();
        alert.textContent = '';
        break;
      case 'alert':
        alert.textContent = message.text;
        break;
    }
  };
}

void main();
