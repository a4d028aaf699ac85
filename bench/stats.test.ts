import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  formatKiB,
  formatMs,
  formatRatio,
  formatSummary,
  markdownTable,
  median,
  percentile,
  ratio,
  serverTimingMs,
  summarize,
} from './stats.ts';

describe('median and percentile', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('interpolates between the nearest ranks', () => {
    const values = Array.from({ length: 101 }, (_, i) => i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([1, 2, 3, 4], 95)).toBeCloseTo(3.85);
    expect(percentile([10, 20], 0)).toBe(10);
    expect(percentile([10, 20], 100)).toBe(20);
  });

  it('refuses empty input, non-finite values and percentiles out of range', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => median([1, Number.NaN])).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
  });

  it('summarizes as count, median, p95, min and max', () => {
    expect(summarize([5, 1, 9, 3])).toMatchObject({ n: 4, median: 4, min: 1, max: 9 });
    expect(summarize([5, 1, 9, 3]).p95).toBeCloseTo(8.4);
  });
});

describe('ratio', () => {
  it('divides by the floor', () => {
    expect(ratio(30, 20)).toBe(1.5);
  });

  it('has no value against a floor that is zero, negative or not a number', () => {
    expect(ratio(30, 0)).toBeUndefined();
    expect(ratio(30, -5)).toBeUndefined();
    expect(ratio(Number.NaN, 5)).toBeUndefined();
  });
});

describe('serverTimingMs', () => {
  it('sums the dur of every metric', () => {
    expect(serverTimingMs('app;dur=1.5')).toBe(1.5);
    expect(serverTimingMs('app;dur=1.2, db;desc="query";dur=0.3')).toBeCloseTo(1.5);
    expect(serverTimingMs('cache;desc=hit, app;dur="2"')).toBe(2);
  });

  it('is zero without a header or a duration', () => {
    expect(serverTimingMs(undefined)).toBe(0);
    expect(serverTimingMs('')).toBe(0);
    expect(serverTimingMs('miss')).toBe(0);
    expect(serverTimingMs('app;dur=oops')).toBe(0);
  });
});

describe('formatting', () => {
  it('writes milliseconds with a precision that suits them', () => {
    expect(formatMs(0.4234)).toBe('0.42 ms');
    expect(formatMs(12.34)).toBe('12.3 ms');
    expect(formatMs(245.6)).toBe('246 ms');
  });

  it('writes KiB, ratios and summaries', () => {
    expect(formatKiB(20 * 1024)).toBe('20.00 KiB');
    expect(formatRatio(1.234)).toBe('1.23×');
    expect(formatRatio(undefined)).toBe('—');
    expect(formatSummary({ ...summarize([10, 150]), median: 12.34 })).toBe('12.3 ms (10.0–150 ms)');
  });
});

describe('markdownTable', () => {
  it('escapes pipes, and Prettier pads its columns for the console and the report', async () => {
    const table = markdownTable('name | value', [
      ['a|b', '1'],
      ['longer name', '1.50×'],
    ]);
    expect((await format(table, { parser: 'markdown' })).trimEnd().split('\n')).toEqual([
      '| name        | value |',
      '| ----------- | ----- |',
      '| a\\|b        | 1     |',
      '| longer name | 1.50× |',
    ]);
  });

  it('refuses rows of the wrong width', () => {
    expect(() => markdownTable('a | b', [['1']])).toThrow(RangeError);
  });
});
