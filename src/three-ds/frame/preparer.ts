// The card frame's share of 3DS, loaded on demand once a card number is valid (so a frame that never
// sees one never downloads it): the setup call and device data collection in a hidden iframe, and the
// reader of the authentication block Token/Generate answers with.
//
// One attempt per BIN: a new BIN cancels the old attempt, and its late answers (setup reply, collection
// message) are dropped. A failed setup is tried again by the next submit, so the shopper can retry.
//
// This chunk imports no module the frame's main script imports (vite.config.ts builds it as a chunk of
// its own): it gets the frame's service client and calls the service through api/three-ds.ts.

import { decodeAuthentication, setupThreeDs } from '../../api/three-ds.ts';
import type { ServiceClient } from '../../api/service.ts';
import type { Result } from '../../errors.ts';
import type { ThreeDsStep } from '../authentication.ts';
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

/** The setup's code for Token/Generate, or undefined when the account has 3DS off. */
export type Preparation = Result<string | undefined>;

interface Attempt {
  bin: string;
  ready: Promise<Preparation>;
  failed: boolean;
  cancelled: boolean;
  cancel(): void;
}

export interface ThreeDsPreparer {
  /** Starts (or reuses, for the same BIN) the setup and collection for this valid card number. */
  prepare(cardNumber: string): Promise<Preparation>;
  /**
   * prepare() for a submit: the setup's code is then spent (the service accepts it once), so the next
   * submit, e.g. after a declined authentication, runs a new setup.
   */
  take(cardNumber: string): Promise<Preparation>;
  /** The BIN changed or the number is no longer valid: drop the current attempt unless it is for `bin`. */
  keepOnly(bin: string | undefined): void;
}

export function createPreparer(
  win: Window,
  client: ServiceClient,
  sessionId: string,
  report: (step: ThreeDsStep) => void,
): ThreeDsPreparer {
  let current: Attempt | undefined;

  const start = (cardNumber: string): Attempt => {
    let collection: DeviceDataCollection | undefined;
    const bin = cardNumber.slice(0, 8);
    const run = async (): Promise<Preparation> => {
      if (!threeDsOn(win.document)) return { ok: true, value: undefined };
      const reply = await setupThreeDs(client, { sessionId, cardNumber });
      if (!reply.ok) {
        attempt.failed = true;
        return reply;
      }
      const answer = reply.value;
      if (!answer.enabled || attempt.cancelled) return { ok: true, value: undefined };
      report('collection-started');
      collection = new DeviceDataCollection(win, {
        url: answer.deviceDataCollectionUrl,
        jwt: answer.accessToken,
        bin,
        referenceId: answer.referenceId,
      });
      const outcome = await collection.result;
      if (outcome !== 'cancelled')
        report(outcome === 'timeout' ? 'collection-timed-out' : 'collection-finished');
      return { ok: true, value: answer.code };
    };
    const attempt: Attempt = {
      bin,
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

  const prepare = (cardNumber: string): Promise<Preparation> => {
    if (current?.bin !== cardNumber.slice(0, 8) || current.failed) {
      current?.cancel();
      current = start(cardNumber);
    }
    return current.ready;
  };

  return {
    prepare,
    take(cardNumber) {
      const ready = prepare(cardNumber);
      // Forgotten, not cancelled: its collection runs on to the end or the 10 s cap.
      current = undefined;
      return ready;
    },
    keepOnly(bin) {
      if (current !== undefined && current.bin !== bin) {
        current.cancel();
        current = undefined;
      }
    },
  };
}
