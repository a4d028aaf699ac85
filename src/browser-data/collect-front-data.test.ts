import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectFrontData, normalizeFrontData, type FrontData } from './collect-front-data.ts';

const ALLOWED_DEPTHS = ['1', '4', '8', '15', '16', '24', '32', '48'];

function expectWellFormed(d: FrontData): void {
  expect(d.userAgent.length).toBeLessThanOrEqual(2048);
  expect(d.acceptLanguage.length).toBeGreaterThanOrEqual(1);
  expect(d.acceptLanguage.length).toBeLessThanOrEqual(8);
  expect(() => Intl.getCanonicalLocales(d.acceptLanguage)).not.toThrow();
  expect(ALLOWED_DEPTHS).toContain(d.colorDepth);
  expect(d.screenHeight).toMatch(/^\d{1,6}$/);
  expect(d.screenWidth).toMatch(/^\d{1,6}$/);
  expect(d.timeDifference).toMatch(/^-?\d{1,4}$/);
  expect(d.timeDifference).not.toBe('-0');
  expect(['Y', 'N']).toContain(d.javaEnabled);
  expect(d.javaScriptEnabled).toBe('Y');
}

describe('normalizeFrontData', () => {
  it('passes a typical desktop through', () => {
    expect(
      normalizeFrontData({
        userAgent: 'Mozilla/5.0',
        language: 'pt-BR',
        colorDepth: 24,
        screenHeight: 1080,
        screenWidth: 1920,
        timezoneOffset: 180,
        javaEnabled: false,
      }),
    ).toEqual({
      userAgent: 'Mozilla/5.0',
      acceptLanguage: 'pt-BR',
      colorDepth: '24',
      screenHeight: '1080',
      screenWidth: '1920',
      timeDifference: '-180',
      javaEnabled: 'N',
      javaScriptEnabled: 'Y',
    } satisfies FrontData);
  });

  it('gives safe values for an empty report', () => {
    expect(normalizeFrontData({})).toEqual({
      userAgent: '',
      acceptLanguage: 'en',
      colorDepth: '24',
      screenHeight: '0',
      screenWidth: '0',
      timeDifference: '0',
      javaEnabled: 'N',
      javaScriptEnabled: 'Y',
    } satisfies FrontData);
  });

  describe('userAgent', () => {
    it('keeps 2048 characters and cuts the rest', () => {
      expect(normalizeFrontData({ userAgent: 'a'.repeat(2048) }).userAgent).toHaveLength(2048);
      expect(normalizeFrontData({ userAgent: 'b'.repeat(5000) }).userAgent).toBe('b'.repeat(2048));
    });

    it.each([undefined, null, 42, {}])('reads %j as empty', (userAgent) => {
      expect(normalizeFrontData({ userAgent }).userAgent).toBe('');
    });
  });

  describe('acceptLanguage', () => {
    it.each([
      ['pt-BR', 'pt-BR'],
      ['PT-br', 'pt-BR'],
      ['pt_BR', 'pt-BR'],
      ['es-419', 'es-419'],
      ['en', 'en'],
      ['abcdefgh', 'abcdefgh'],
      ['zh-Hant-TW', 'zh-Hant'],
      ['sr-Latn-RS', 'sr-Latn'],
      ['en-US-u-ca-gregory', 'en-US'],
      ['en-x-abc12', 'en'],
      ['iw', 'he'],
    ])('%s → %s', (language, expected) => {
      expect(normalizeFrontData({ language }).acceptLanguage).toBe(expected);
    });

    it.each(['', 'xx-invalid-$$', '*', 'x-private', 42, null, undefined])(
      'falls back to en for %j',
      (language) => {
        expect(normalizeFrontData({ language }).acceptLanguage).toBe('en');
      },
    );
  });

  describe('colorDepth', () => {
    it.each([1, 4, 8, 15, 16, 24, 32, 48])('keeps %d, a value EMV allows', (colorDepth) => {
      expect(normalizeFrontData({ colorDepth }).colorDepth).toBe(String(colorDepth));
    });

    it.each([
      [30, '24'],
      [2, '1'],
      [10, '8'],
      [31.9, '24'],
      [64, '48'],
    ])('takes %d down to %s, the next value EMV allows', (colorDepth, expected) => {
      expect(normalizeFrontData({ colorDepth }).colorDepth).toBe(expected);
    });

    it.each([0, 0.5, -24, NaN, Infinity, '24', undefined])('defaults %j to 24', (colorDepth) => {
      expect(normalizeFrontData({ colorDepth }).colorDepth).toBe('24');
    });
  });

  describe('screen size', () => {
    it.each([
      [1920, '1920'],
      [0, '0'],
      [812.7, '812'],
      [999_999, '999999'],
      [1_000_000, '999999'],
      [-5, '0'],
      [-0, '0'],
      [NaN, '0'],
      [Infinity, '0'],
      ['1080', '0'],
      [undefined, '0'],
    ])('%j → %s', (size, expected) => {
      expect(normalizeFrontData({ screenHeight: size, screenWidth: size })).toMatchObject({
        screenHeight: expected,
        screenWidth: expected,
      });
    });
  });

  describe('timeDifference', () => {
    it.each([
      [180, '-180'], // São Paulo, UTC−3
      [-540, '540'], // Tokyo, UTC+9
      [-330, '330'], // India, UTC+5:30
      [-840, '840'], // Kiribati, UTC+14
      [720, '-720'], // Baker Island, UTC−12
      [0, '0'],
      [-0, '0'],
      [0.4, '0'],
      [-0.4, '0'],
      [179.6, '-180'],
      [1440, '-1440'],
      [1441, '0'],
      [NaN, '0'],
      ['180', '0'],
      [undefined, '0'],
    ])('getTimezoneOffset() %j → %s', (timezoneOffset, expected) => {
      expect(normalizeFrontData({ timezoneOffset }).timeDifference).toBe(expected);
    });
  });

  describe('javaEnabled', () => {
    it.each([
      [true, 'Y'],
      [false, 'N'],
      ['true', 'N'],
      [1, 'N'],
      [undefined, 'N'],
    ])('%j → %s', (javaEnabled, expected) => {
      expect(normalizeFrontData({ javaEnabled }).javaEnabled).toBe(expected);
    });
  });

  it('never throws and always meets the EMV constraints', () => {
    const field = fc.oneof(
      fc.anything(),
      fc.double(),
      fc.integer({ min: -2_000_000, max: 2_000_000 }),
      fc.string(),
      fc.constantFrom('pt-BR', 'zh-Hant-TW', 'en-US-u-ca-gregory', 'sr-Latn-RS', 'de-CH-1996', 'und'),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            userAgent: fc.oneof(field, fc.string({ maxLength: 3000 })),
            language: field,
            colorDepth: field,
            screenHeight: field,
            screenWidth: field,
            timezoneOffset: field,
            javaEnabled: field,
          },
          { requiredKeys: [] },
        ),
        (raw) => {
          expectWellFormed(normalizeFrontData(raw));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('collectFrontData', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads navigator, screen and the clock', () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(180);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (test)');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    vi.spyOn(screen, 'colorDepth', 'get').mockReturnValue(30);
    vi.spyOn(screen, 'height', 'get').mockReturnValue(844);
    vi.spyOn(screen, 'width', 'get').mockReturnValue(390);

    expect(collectFrontData(window)).toEqual({
      userAgent: 'Mozilla/5.0 (test)',
      acceptLanguage: 'pt-BR',
      colorDepth: '24',
      screenHeight: '844',
      screenWidth: '390',
      timeDifference: '-180',
      javaEnabled: 'N',
      javaScriptEnabled: 'Y',
    } satisfies FrontData);
  });

  it('defaults to the global window', () => {
    expectWellFormed(collectFrontData());
  });

  it('survives throwing getters and a missing javaEnabled', () => {
    const boom = (): never => {
      throw new Error('blocked');
    };
    const win = {
      navigator: {
        get userAgent(): string {
          return boom();
        },
        language: 'es-MX',
      },
      get screen(): Screen {
        return boom();
      },
    } as unknown as Window;

    expect(collectFrontData(win)).toMatchObject({
      userAgent: '',
      acceptLanguage: 'es-MX',
      colorDepth: '24',
      screenHeight: '0',
      screenWidth: '0',
      javaEnabled: 'N',
    });
  });

  it('reports Java when the browser says so', () => {
    const win = { navigator: { javaEnabled: () => true }, screen: {} } as unknown as Window;
    expect(collectFrontData(win).javaEnabled).toBe('Y');
  });
});
