import { describe, expect, it } from 'vitest';
import { resolveChallengeBox } from './challenge-size.ts';

const desktop = { width: 1280, height: 900 };

describe('resolveChallengeBox', () => {
  it.each([
    ['01', 250, 400],
    ['02', 390, 400],
    ['03', 500, 600],
    ['04', 600, 400],
  ])('size %s is %i×%i on a desktop', (size, width, height) => {
    expect(resolveChallengeBox(size, desktop)).toEqual({ size, width, height, fullScreen: false });
  });

  it('size 05 is the full screen', () => {
    expect(resolveChallengeBox('05', desktop)).toMatchObject({ size: '05', fullScreen: true });
  });

  it.each([undefined, '', '06', '2', 2, null, 'toString', '__proto__'])('%j falls back to 02', (value) => {
    expect(resolveChallengeBox(value, desktop)).toEqual({
      size: '02',
      width: 390,
      height: 400,
      fullScreen: false,
    });
  });

  it('goes full screen when the viewport is too narrow or too short for the size', () => {
    expect(resolveChallengeBox('03', { width: 375, height: 667 }).fullScreen).toBe(true);
    expect(resolveChallengeBox('02', { width: 375, height: 667 }).fullScreen).toBe(true);
    expect(resolveChallengeBox('01', { width: 375, height: 667 }).fullScreen).toBe(false);
    expect(resolveChallengeBox('04', { width: 1280, height: 420 }).fullScreen).toBe(true);
  });
});
