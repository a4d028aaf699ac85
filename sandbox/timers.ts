// The sandbox's timers, beside its clock (ctx.now): pending payments expire and webhooks retry on them.
// Tests inject a manual clock (sandbox/test/manual-clock.ts) that moves time and fires what is due.

/** An opaque handle to a scheduled callback. */
export type Timer = object;

export interface Timers {
  /** Runs `callback` once, `delayMs` from now (on the clock the timers belong to). */
  set(callback: () => void, delayMs: number): Timer;
  clear(timer: Timer): void;
}

/** Node's setTimeout takes at most 2^31 − 1 ms (about 24.8 days); longer delays fire then and re-arm. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** Real timers, unref'd: a pending boleto's three days never keep the process alive. */
export const realTimers: Timers = {
  set(callback, delayMs) {
    const handle = setTimeout(callback, Math.max(0, Math.min(delayMs, MAX_TIMER_DELAY_MS)));
    handle.unref();
    return handle;
  },
  clear(timer) {
    clearTimeout(timer as NodeJS.Timeout);
  },
};
