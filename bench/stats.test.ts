import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import * as stats from './stats.ts';

const { formatKiB, formatMs, formatRatio, formatSummary, markdownTable, median, percentile } = stats;
const { ratio, serverTimingMs, summarize } = stats;
const hundred = Array.from({ length: 101 }, (_, i) => i);

it.each<[string, () => unknown, unknown]>([
  ['the median of an odd count is the middle value', () => median([3, 1, 2]), 2],
  ['the median of an even count is the mean of the middle two', () => median([4, 1, 3, 2]), 2.5],
  ['the median of one value is that value', () => median([7]), 7],
  ['percentiles interpolate between the nearest ranks: p50', () => percentile(hundred, 50), 50],
  ['… p95', () => percentile(hundred, 95), 95],
  ['… p0 and p100 are the extremes', () => [percentile([10, 20], 0), percentile([10, 20], 100)], [10, 20]],
  ['a ratio divides by the floor', () => ratio(30, 20), 1.5],
  ['no ratio against a zero floor', () => ratio(30, 0), undefined],
  ['… a negative floor', () => ratio(30, -5), undefined],
  ['… a value that is not a number', () => ratio(Number.NaN, 5), undefined],
  ['Server-Timing: the dur of one metric', () => serverTimingMs('app;dur=1.5'), 1.5],
  ['… a quoted dur, metrics without one ignored', () => serverTimingMs('cache;desc=hit, app;dur="2"'), 2],
  ['… zero without a header', () => [serverTimingMs(undefined), serverTimingMs('')], [0, 0]],
  ['… zero without a duration', () => [serverTimingMs('miss'), serverTimingMs('app;dur=oops')], [0, 0]],
  ['milliseconds below 10 with two decimals', () => formatMs(0.4234), '0.42 ms'],
  ['… below 100 with one', () => formatMs(12.34), '12.3 ms'],
  ['… above with none', () => formatMs(245.6), '246 ms'],
  ['KiB', () => formatKiB(20 * 1024), '20.00 KiB'],
  ['ratios', () => [formatRatio(1.234), formatRatio(undefined)], ['1.23×', '—']],
  ['summaries', () => formatSummary({ ...summarize([10, 150]), median: 12.34 }), '12.3 ms (10.0–150 ms)'],
])('%s', (_name, actual, expected) => {
  expect(actual()).toEqual(expected);
});

it.each<[string, () => number, number]>([
  ['p95 of four values', () => percentile([1, 2, 3, 4], 95), 3.85],
  ['p95 of a summary', () => summarize([5, 1, 9, 3]).p95, 8.4],
  ['the sum of every metric’s dur', () => serverTimingMs('app;dur=1.2, db;desc="query";dur=0.3'), 1.5],
])('%s (close to)', (_name, actual, expected) => {
  expect(actual()).toBeCloseTo(expected);
});

describe('median and percentile', () => {
  it('do not reorder their input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it.each([
    [() => median([])],
    [() => median([1, Number.NaN])],
    [() => percentile([1], 101)],
    [() => percentile([1], -1)],
  ])('refuse empty input, non-finite values and percentiles out of range (%#)', (call) => {
    expect(call).toThrow(RangeError);
  });

  it('summarize as count, median, p95, min and max', () => {
    expect(summarize([5, 1, 9, 3])).toMatchObject({ n: 4, median: 4, min: 1, max: 9 });
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

describe('medianOfEach', () => {
  it('takes each key over the records that have it, in the order of the medians', () => {
    const runs = [{ paint: 30, ready: 50 }, { paint: 10, ready: 70, hello: 5 }, { ready: 60 }];
    expect(Object.entries(stats.medianOfEach(runs))).toEqual([
      ['hello', 5],
      ['paint', 20],
      ['ready', 60],
    ]);
  });
});
