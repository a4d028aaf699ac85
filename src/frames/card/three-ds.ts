// The card frame's share of 3DS, loaded on demand once a card number is valid (so a frame that never
// sees one never downloads it): device data collection in a hidden iframe after the setup call, and the
// reading of the authentication block Token/Generate answers with.
//
// One attempt per BIN: a new BIN cancels the old attempt, and its late answers (setup reply, collection
// message) are dropped. A failed setup is tried again by the next submit, so the shopper can retry.
//
// This chunk imports no module the frame's main script imports (vite.config.ts builds it as a chunk of
// its own): the service call comes in as a function, and errors leave as plain wire errors.

import { decodeAuthentication, decodeSetup, encodeAuthentication } from '../../api/three-ds-decode.ts';
import type { ServiceResult } from '../../api/service.ts';
import type { ThreeDsStep, WireError } from '../../messaging/protocol.ts';
import { DeviceDataCollection } from '../../three-ds/device-data-collection.ts';

/** The setup's code for Token/Generate, or undefined when the account has 3DS off. */
export type Preparation = { ok: true; code: string | undefined } | { ok: false; error: WireError };

/** POST /api/ThreeDS/Setup with this body, through the frame's service client. */
export type SetupCall = (body: { sessionId: string; cardNumber: string }) => Promise<ServiceResult<unknown>>;

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

/**
 * Token/Generate's authentication block, field by field: only what the page needs crosses, whatever
 * else the service adds. Undefined when the block is missing or malformed.
 */
export function authenticationForPage(value: unknown): Record<string, string> | undefined {
  const authentication = decodeAuthentication(value);
  return authentication === undefined ? undefined : encodeAuthentication(authentication);
}

export function createPreparer(
  win: Window,
  setup: SetupCall,
  sessionId: string,
  report: (step: ThreeDsStep) => void,
): ThreeDsPreparer {
  let current: Attempt | undefined;

  const start = (cardNumber: string): Attempt => {
    let collection: DeviceDataCollection | undefined;
    const bin = cardNumber.slice(0, 8);
    const run = async (): Promise<Preparation> => {
      const reply = await setup({ sessionId, cardNumber });
      const answer = reply.ok ? decodeSetup(reply.value) : undefined;
      if (answer === undefined) {
        attempt.failed = true;
        const { code, type, message } = reply.ok
          ? {
              code: 'invalid_response',
              type: 'service',
              message: 'The service answered /api/ThreeDS/Setup with something unexpected.',
            }
          : reply.error;
        return { ok: false, error: { code, type, message } };
      }
      if (!answer.enabled || attempt.cancelled) return { ok: true, code: undefined };
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
      return { ok: true, code: answer.code };
    };
    const attempt: Attempt = {
      bin,
      failed: false,
      cancelled: false,
      cancel: () => {
        attempt.cancelled = true;
        collection?.cancel();
      },
      ready: Promise.resolve({ ok: true, code: undefined }),
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
