// 3DS preparation where the card data is: the setup call and device data collection in a hidden iframe,
// and the reader of the authentication block Token/Generate answers with. The card frame loads it on
// demand once a card number is valid (so a frame that never sees one never downloads it); a headless
// page (flows/headless.ts) runs it itself, on the merchant page.
//
// One attempt per BIN: a new BIN cancels the old attempt, and its late answers (setup reply, collection
// message) are dropped. A failed setup is tried again by the next submit, so the shopper can retry.
// A stored card is prepared the same way, keyed by its token (Token/Bind then takes the code).
//
// This chunk imports no module the frame's main script imports (vite.config.ts builds it as a chunk of
// its own): it gets the frame's service client and calls the service through api/three-ds.ts.

import { decodeAuthentication, setupThreeDs } from '../../api/three-ds.ts';
import type { ServiceClient } from '../../api/service.ts';
import type { Result } from '../../errors.ts';
import type { ThreeDsStep } from '../model.ts';
import { DeviceDataCollection } from './device-data-collection.ts';

/** Token/Generate's 3DS block reader, for the frame's main script, which loads it with this chunk. */
export { decodeAuthentication };

/**
 * Whether the account runs 3DS: the token host writes "on" into the frame document's
 * `<meta name="svc-3ds">` when it does (sandbox/frames.ts). Anything else, an empty placeholder
 * included, is off, and the card number then goes to no 3DS call, only to Token/Generate.
 */
export const threeDsOn = (doc: Document): boolean =>
  doc.querySelector('meta[name=svc-3ds][content=on]') !== null;

/** The setup's code for Token/Generate or Token/Bind, or undefined when the account has 3DS off. */
export type Preparation = Result<string | undefined>;

/** What a setup is made with: a new card's number (only its BIN is sent), or a stored card's token. */
export type CardSource = string | { token: string };

interface Attempt {
  /** The BIN (8 digits) of a number, or the token of a stored card. */
  key: string;
  ready: Promise<Preparation>;
  failed: boolean;
  cancelled: boolean;
  cancel(): void;
}

export interface ThreeDsPreparer {
  /** Starts (or reuses, for the same BIN or token) the setup and collection for this card. */
  prepare(card: CardSource): Promise<Preparation>;
  /**
   * prepare() for a submit: the setup's code is then spent (the service accepts it once), so the next
   * submit, e.g. after a declined authentication, runs a new setup.
   */
  take(card: CardSource): Promise<Preparation>;
  /** The current setup's code was spent (a Token/Bind that got past its CVV check): forget it. */
  forget(): void;
  /** The BIN changed or the number is no longer valid: drop the current attempt unless it is for `bin`. */
  keepOnly(bin: string | undefined): void;
}

/**
 * @param enabled - Whether to call the setup at all for this card: in the card frame, what the token
 *   host wrote (`threeDsOn`), or whether the card can pay by debit (frames/card/funding.ts); a headless
 *   page cannot know before the setup answers, so it always asks (with the BIN only).
 */
export function createPreparer(
  win: Window,
  client: ServiceClient,
  sessionId: string,
  report: (step: ThreeDsStep) => void,
  enabled: (card: CardSource) => boolean | Promise<boolean> = () => threeDsOn(win.document),
): ThreeDsPreparer {
  let current: Attempt | undefined;

  const keyOf = (card: CardSource) => (typeof card === 'string' ? card.slice(0, 8) : card.token);

  const start = (card: CardSource): Attempt => {
    let collection: DeviceDataCollection | undefined;
    const run = async (): Promise<Preparation> => {
      if (!(await enabled(card)) || attempt.cancelled) return { ok: true, value: undefined };
      const reply = await setupThreeDs(
        client,
        typeof card === 'string' ? { sessionId, bin: card.slice(0, 8) } : { sessionId, token: card.token },
      );
      if (!reply.ok) {
        attempt.failed = true;
        return reply;
      }
      const answer = reply.value;
      // Cancelled while the setup ran (the check above was before it).
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (!answer.enabled || attempt.cancelled) return { ok: true, value: undefined };
      report('collection-started');
      collection = new DeviceDataCollection(win, {
        url: answer.deviceDataCollectionUrl,
        jwt: answer.accessToken,
        // A stored card's collection goes without its BIN: the form is optional, and the frame has none.
        bin: typeof card === 'string' ? card.slice(0, 8) : undefined,
        referenceId: answer.referenceId,
      });
      const outcome = await collection.result;
      if (outcome !== 'cancelled')
        report(outcome === 'timeout' ? 'collection-timed-out' : 'collection-finished');
      return { ok: true, value: answer.code };
    };
    const attempt: Attempt = {
      key: keyOf(card),
      failed: false,
      cancelled: false,
      cancel: () => {
        attempt.cancelled = true;
        collection?.cancel();
      },
      ready: Promise.resolve({ ok: true, value: undefined }),
    };
    attempt.ready = run();
    return attempt;
  };

  const prepare = (card: CardSource): Promise<Preparation> => {
    if (current?.key !== keyOf(card) || current.failed) {
      current?.cancel();
      current = start(card);
    }
    return current.ready;
  };
  // Forgotten, not cancelled: its collection runs on to the end or the 10 s cap.
  const forget = () => {
    current = undefined;
  };

  return {
    prepare,
    take(card) {
      const ready = prepare(card);
      forget();
      return ready;
    },
    forget,
    keepOnly(bin) {
      if (current !== undefined && current.key !== bin) {
        current.cancel();
        current = undefined;
      }
    },
  };
}
