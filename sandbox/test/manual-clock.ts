// A clock for tests that owns its timers: `now` stands still until `advance` moves it, firing every timer
// that falls due on the way, in order. Pass `now` and `timers` to startTestSandbox.

import type { Timer, Timers } from '../timers.ts';

interface Scheduled {
  at: number;
  order: number;
  callback: () => void;
}

export class ManualClock {
  private time: number;
  private order = 0;
  private readonly scheduled = new Set<Scheduled>();

  constructor(start = Date.now()) {
    this.time = start;
  }

  readonly now = (): number => this.time;

  readonly timers: Timers = {
    set: (callback, delayMs): Timer => {
      const entry = { at: this.time + Math.max(0, delayMs), order: (this.order += 1), callback };
      this.scheduled.add(entry);
      return entry;
    },
    clear: (timer) => {
      this.scheduled.delete(timer as Scheduled);
    },
  };

  /** How many timers wait. */
  get pending(): number {
    return this.scheduled.size;
  }

  /** Moves time without firing anything: a timer that is late (what a read must not depend on). */
  jump(ms: number): void {
    this.time += ms;
  }

  /**
   * Moves time by `ms`, firing each timer due by then at its own time. `settle` runs after each one
   * (a delivery's HTTP round trip, say), so a timer it sets within the window fires too.
   */
  async advance(ms: number, settle: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const target = this.time + ms;
    for (;;) {
      const next = [...this.scheduled]
        .filter((entry) => entry.at <= target)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (next === undefined) break;
      this.scheduled.delete(next);
      this.time = next.at;
      next.callback();
      await settle();
    }
    this.time = target;
    await settle();
  }
}
