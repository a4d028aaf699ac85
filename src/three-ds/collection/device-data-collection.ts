// Device data collection, as the card frame runs it: a hidden iframe that the provider's collection
// page loads into through an auto-submitted form (JWT and BIN), and a wait for its profile.completed
// message of at most 10 seconds. A degraded or missing answer is not an error: enrollment goes on.
// A new BIN starts a new collection; results for the old one are dropped.

import { decodeCollectionMessage } from './decode-collection-message.ts';

/** The protocol's cap: after this, enrollment starts without the collection's answer. */
export const COLLECTION_TIMEOUT_MS = 10_000;

export type CollectionResult = 'completed' | 'degraded' | 'timeout' | 'cancelled';

export interface CollectionStart {
  /** The collection page (from the service's 3DS setup); its origin is the only one accepted. */
  url: string;
  jwt: string;
  bin: string | undefined;
  /** The setup's referenceId: the collection's answer must name it. */
  referenceId: string;
}

let sequence = 0;

export class DeviceDataCollection {
  readonly referenceId: string;
  readonly result: Promise<CollectionResult>;
  #settle: (result: CollectionResult) => void = () => undefined;
  #iframe: HTMLIFrameElement;
  #form: HTMLFormElement;
  #timer: ReturnType<typeof setTimeout>;
  #onMessage: (event: MessageEvent) => void;
  #win: Window;

  constructor(win: Window, start: CollectionStart, timeoutMs = COLLECTION_TIMEOUT_MS) {
    this.#win = win;
    this.referenceId = start.referenceId;
    const doc = win.document;
    const name = `svc-collection-${String((sequence += 1))}`;
    this.#iframe = doc.createElement('iframe');
    this.#iframe.name = name;
    this.#iframe.title = 'Device data collection';
    this.#iframe.hidden = true;
    this.#iframe.setAttribute('aria-hidden', 'true');
    this.#iframe.tabIndex = -1;
    this.#form = doc.createElement('form');
    this.#form.method = 'POST';
    this.#form.action = start.url;
    this.#form.target = name;
    this.#form.hidden = true;
    for (const [field, value] of [
      ['JWT', start.jwt],
      ['Bin', start.bin],
    ] as const) {
      if (value === undefined) continue;
      const input = doc.createElement('input');
      input.type = 'hidden';
      input.name = field;
      input.value = value;
      this.#form.append(input);
    }
    const origin = new URL(start.url).origin;
    this.result = new Promise((resolve) => {
      this.#settle = resolve;
    });
    this.#onMessage = (event: MessageEvent) => {
      const outcome = decodeCollectionMessage(
        { origin: event.origin, source: event.source, data: event.data as unknown },
        { origin, source: this.#iframe.contentWindow, referenceId: this.referenceId },
      );
      if (outcome !== undefined) this.#finish(outcome.degraded ? 'degraded' : 'completed');
    };
    win.addEventListener('message', this.#onMessage);
    this.#timer = setTimeout(() => {
      this.#finish('timeout');
    }, timeoutMs);
    doc.body.append(this.#iframe, this.#form);
    this.#form.submit();
  }

  /** Stops waiting (a new BIN, or the form went away); the result becomes `cancelled` if still open. */
  cancel(): void {
    this.#finish('cancelled');
  }

  #finish(result: CollectionResult): void {
    clearTimeout(this.#timer);
    this.#win.removeEventListener('message', this.#onMessage);
    this.#form.remove();
    // The iframe stays until the answer or the cap: removing it earlier would cut the collection short.
    this.#iframe.remove();
    this.#settle(result);
    this.#settle = () => undefined;
  }
}
