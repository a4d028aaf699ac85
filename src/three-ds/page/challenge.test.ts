import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Challenge } from '../model.ts';
import { SvcChallengeDialog } from './challenge-dialog.ts';
import { VERSION } from '../../index.ts';
import { runChallenge, type ChallengeRun } from './challenge.ts';
import { VERDICT_Y } from '../../test-fixtures.ts';

const TOKEN = 'http://localhost:4174';
const challenge: Challenge = {
  stepUpUrl: 'http://127.0.0.1:4176/stepup',
  accessToken: 'h.p.s',
  pareq: 'pareq',
  windowSize: '03',
  authenticationTransactionId: 'atx-1',
};

/**
 * The 3DS frame as the page sees it: a window that says hello with the nonce from its URL, receives the
 * port, and answers the page's start (happy-dom loads no frames, so it stands in for the real one).
 */
class FakeChallengeFrame {
  port: MessagePort | undefined;
  started: unknown;
  readonly window = {
    postMessage: (_message: unknown, _origin: string, transfer: MessagePort[] = []) => {
      // A ping ("say hello again") has no port: the test says hello itself.
      if (transfer.length === 0) return;
      this.port = transfer[0];
      if (this.port !== undefined)
        this.port.onmessage = (event: MessageEvent) => {
          this.started = event.data;
        };
    },
  };

  hello(frame: HTMLIFrameElement, origin = TOKEN): void {
    const nonce = new URLSearchParams(new URL(frame.src).hash.slice(1)).get('n');
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        source: this.window as unknown as MessageEventSource,
        data: { v: 1, type: 'svc:hello', nonce },
      }),
    );
  }

  answer(data: unknown): void {
    this.port?.postMessage(data);
  }
}

let fake: FakeChallengeFrame;
let dialog: SvcChallengeDialog;
let shown: number;

beforeAll(() => {
  if (customElements.get('svc-challenge-dialog') === undefined)
    customElements.define('svc-challenge-dialog', SvcChallengeDialog);
});
beforeEach(() => {
  fake = new FakeChallengeFrame();
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(
    fake.window as unknown as Window,
  );
  dialog = new SvcChallengeDialog();
  document.body.append(dialog);
  shown = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function run(overrides: Partial<ChallengeRun> = {}) {
  return runChallenge({
    dialog,
    tokenOrigin: TOKEN,
    sessionId: 'ses-1',
    account: 'demo',
    locale: 'en',
    title: 'Verify your payment with your bank',
    closeLabel: 'Cancel the verification',
    challenge,
    timeoutMs: 600_000,
    onShown: () => (shown += 1),
    ...overrides,
  });
}

const frameOf = () =>
  vi.waitFor(() => {
    const frame = dialog.frame;
    if (frame === null) throw new Error('no frame yet');
    return frame;
  });

describe('runChallenge', () => {
  it('opens the dialog on the token host’s 3DS frame and starts the step-up there', async () => {
    const result = run();
    const frame = await frameOf();
    expect(frame.src.startsWith(`${TOKEN}/frames/${VERSION}/3ds.html?account=demo#`)).toBe(true);
    expect(dialog.isOpen).toBe(true);
    expect(dialog.box?.size).toBe('03');
    fake.hello(frame);
    await vi.waitFor(() => {
      expect(fake.started).toMatchObject({
        type: 'start',
        challenge: {
          sessionId: 'ses-1',
          stepUpUrl: challenge.stepUpUrl,
          accessToken: 'h.p.s',
          authenticationTransactionId: 'atx-1',
        },
      });
    });
    fake.answer({
      v: 1,
      type: 'authenticated',
      authentication: VERDICT_Y,
    });
    expect(await result).toMatchObject({
      ok: true,
      value: { status: 'Y', eci: '05', liabilityShift: 'full' },
    });
    expect(dialog.isOpen).toBe(false);
    expect(shown).toBe(1);
  });

  it('connects only to its own frame from the token origin', async () => {
    const result = run();
    const frame = await frameOf();
    fake.hello(frame, 'http://127.0.0.1:4173');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.port).toBeUndefined();
    dialog.shadowRoot?.querySelector('button')?.click();
    expect(await result).toMatchObject({
      ok: false,
      error: { code: 'challenge_cancelled', type: 'cancelled' },
    });
  });

  it('ends as cancelled when the shopper closes the dialog, and closes it', async () => {
    const result = run();
    await frameOf();
    dialog.shadowRoot?.querySelector('button')?.click();
    expect(await result).toMatchObject({ ok: false, error: { code: 'challenge_cancelled' } });
    expect(dialog.isOpen).toBe(false);
    expect(dialog.frame).toBeNull();
  });

  it('ends with challenge_timeout at the time limit, not before', async () => {
    vi.useFakeTimers();
    let outcome: unknown;
    void run({ timeoutMs: 45_000 }).then((r) => (outcome = r));
    await vi.advanceTimersByTimeAsync(44_999);
    expect(outcome).toBeUndefined();
    expect(dialog.isOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'challenge_timeout', type: 'authentication' },
    });
    expect(dialog.isOpen).toBe(false);
  });

  it.each([
    [
      'passes the service’s failure on as a typed error',
      { v: 1, type: 'failure', error: { code: 'timeout', type: 'network', message: 'Late.' } },
      { code: 'timeout', type: 'network' },
    ],
    [
      'refuses a verdict that is unreadable',
      { v: 1, type: 'authenticated', authentication: { status: 'Y' } },
      { code: 'invalid_response' },
    ],
    [
      'refuses a verdict that is still a challenge',
      { v: 1, type: 'authenticated', authentication: { ...VERDICT_Y, status: 'C' } },
      { code: 'invalid_response' },
    ],
  ])('%s, and closes the dialog', async (_case, message, error) => {
    const result = run();
    fake.hello(await frameOf());
    await vi.waitFor(() => {
      expect(fake.started).toBeDefined();
    });
    fake.answer(message);
    expect(await result).toMatchObject({ ok: false, error });
    expect(dialog.isOpen).toBe(false);
  });
});
