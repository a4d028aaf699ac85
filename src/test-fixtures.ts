// Values the unit tests share: one card and one set of 3DS answers, in the service's shape and as the
// typed values the code passes on. Only tests import this file.

import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { TokenizedCard } from './card/tokenized-card.ts';
import { ERRORS_DOC, isCheckoutError } from './errors.ts';
import type { Authentication, Challenge } from './three-ds/model.ts';

/** A frictionless Y, as the service answers it (Token/Generate's and ThreeDS/Validate's block). */
export const SERVICE_Y = {
  code: 'c1',
  referenceId: 'r1',
  transactionId: 't1',
  status: 'Y',
  eci: '05',
  liabilityShift: 'full',
};

/** The same Y as the typed value api/three-ds.ts reads it into. */
export const VERDICT_Y: Authentication = {
  ...SERVICE_Y,
  status: 'Y',
  liabilityShift: 'full',
  challenge: undefined,
  cancelled: false,
};

export const CHALLENGE: Challenge = {
  stepUpUrl: 'http://127.0.0.1:4176/stepup',
  accessToken: 'jwt',
  pareq: 'cGFyZXE=',
  windowSize: '03',
  authenticationTransactionId: 'atx_1',
};

/** A C with its challenge, typed. */
export const VERDICT_C: Authentication = {
  ...VERDICT_Y,
  status: 'C',
  eci: undefined,
  liabilityShift: 'none',
  challenge: CHALLENGE,
};

/** Token/Generate's answer for a Visa test card, BIN included (it must not leave the frame). */
export const GENERATE_ANSWER = {
  token: 'tok_1',
  singleUse: true,
  card: {
    brand: 'Visa',
    bin: '40000000',
    last4: '2701',
    maskedNumber: '400000******2701',
    expirationMonth: 1,
    expirationYear: 2029,
  },
  frontData: { userAgent: 'test' },
};

/** The card of GENERATE_ANSWER as the frame hands it to the page. */
export const TOKENIZED: TokenizedCard = {
  token: 'tok_1',
  brand: 'Visa',
  last4: '2701',
  maskedNumber: '400000******2701',
  expirationMonth: 1,
  expirationYear: 2029,
  singleUse: true,
  frontData: { userAgent: 'test' },
};

/** A fetch that answers nothing until its request's signal aborts, then fails as browsers do. */
export function fetchUntilAborted(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => {
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

/** A message as a decoder at a trust boundary receives it. */
interface Received {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * One test per message a decoder must refuse: each case changes a message that it accepts, and the
 * attacks every boundary must hold against are added (a look-alike of the expected origin, another
 * window, data past the size cap).
 */
export function itRefuses<M extends Received>(
  decode: (message: M) => unknown,
  accepted: M,
  cases: [string, Partial<Received>][],
  oversized: unknown,
): void {
  const attacks: [string, Partial<Received>][] = [
    ['a look-alike origin', { origin: `${accepted.origin}.evil.test` }],
    ['another window', { source: { name: 'other' } }],
    ['oversized data', { data: oversized }],
  ];
  it.each([...cases, ...attacks])('refuses %s', (_name, change) => {
    expect(decode({ ...accepted, ...change })).toBeUndefined();
  });
}

/** One test per row of a table of inputs and the outputs `fn` must give for them. */
export function itMaps<I, O>(fn: (input: I) => O, table: (readonly [I, O])[]): void {
  it.each(table)('%j → %j', (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}

/**
 * One test per row of a table of messages and inputs: `fn(input)` must throw the `invalid_option`
 * CheckoutError of type configuration with exactly that message (and the pointer to its entry).
 */
export function itRefusesOptions<I>(fn: (input: I) => unknown, table: (readonly [string, I])[]): void {
  it.each(table)('refuses: %s', (message, input) => {
    let error: unknown;
    try {
      fn(input);
    } catch (caught) {
      error = caught;
    }
    expect(isCheckoutError(error) ? [error.code, error.type, error.message] : error).toEqual([
      'invalid_option',
      'configuration',
      `${message} See ${ERRORS_DOC}#invalid_option`,
    ]);
  });
}

/** The sandbox 3DS provider's origin, where the collection page lives. */
export const PROVIDER = 'http://127.0.0.1:4176';

/** ThreeDS/Setup's nth answer for an account with 3DS: code-n, ref-n. */
export const setupEnabled = (n: number) => ({
  enabled: true,
  code: `code-${String(n)}`,
  referenceId: `ref-${String(n)}`,
  deviceDataCollectionUrl: `${PROVIDER}/ddc`,
  accessToken: 'h.p.s',
});

/** happy-dom loads no frames: the collection iframe gets this stand-in window as the message source. */
export const COLLECTION_WINDOW = { name: 'collection window' } as unknown as Window;

/** happy-dom loads no frames: every iframe's window is {@link COLLECTION_WINDOW}, and forms submit nothing. */
export function stubCollectionFrame(): void {
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(COLLECTION_WINDOW);
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
}

/**
 * For a loader of a file beside the script-tag build, in a describe block: `appended`, the scripts it
 * puts in <head> (which never load), and `page(src)`, a fresh import's page: the build's script at `src`
 * (none when undefined) with `integrity` in the build's global `name`.
 */
export function besideScript(name: string, integrity: unknown) {
  const appended: HTMLScriptElement[] = [];
  beforeEach(() => {
    appended.length = 0;
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      appended.push(...(nodes as HTMLScriptElement[]));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const page = (src: string | undefined) => {
    vi.resetModules();
    vi.stubGlobal(name, integrity);
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(
      src === undefined ? null : Object.assign(document.createElement('script'), { src }),
    );
  };
  return { appended, page };
}

/** The collection page's profile.completed, as it reaches the window that runs the collection. */
export function answerCollection(referenceId: string, origin = PROVIDER): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      origin,
      source: COLLECTION_WINDOW as unknown as MessageEventSource,
      data: JSON.stringify({ MessageType: 'profile.completed', SessionId: referenceId, Status: true }),
    }),
  );
}
