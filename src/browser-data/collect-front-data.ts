// Browser fields for 3DS risk scoring (the spec's frontData), shaped to the EMV 3DS constraints so the
// service never has to reject or repair them. ipAddress and acceptHeader are not readable in JS: the
// token host adds them from the request.

import { canonicalTag } from '../i18n/locale.ts';

/**
 * The spec's frontData: the browser fields the issuer's 3DS risk engine scores, as strings shaped to
 * the EMV 3DS rules. The service adds `ipAddress` and `acceptHeader`, which JavaScript cannot read.
 */
export interface FrontData {
  /** `navigator.userAgent`, at most 2048 characters. */
  userAgent: string;
  /** The browser's language as a tag of 1 to 8 characters (`pt-BR`; `en` when unknown). */
  acceptLanguage: string;
  /** The screen's colour depth in bits, one of the EMV values (`24` when the browser does not say). */
  colorDepth: string;
  /** The screen's height in CSS pixels (`0` when unknown). */
  screenHeight: string;
  /** The screen's width in CSS pixels (`0` when unknown). */
  screenWidth: string;
  /** UTC offset in minutes, negative west of UTC (the spec's sign, the opposite of EMV's). */
  timeDifference: string;
  /** `Y` when the browser still reports Java, else `N`. */
  javaEnabled: 'Y' | 'N';
  /** Always `Y`: this code ran. */
  javaScriptEnabled: 'Y' | 'N';
}

/** What the browser reported, unchecked: any field may be missing or of any type. */
export interface RawFrontData {
  userAgent?: unknown;
  language?: unknown;
  colorDepth?: unknown;
  screenHeight?: unknown;
  screenWidth?: unknown;
  /** `Date#getTimezoneOffset()`: minutes, positive west of UTC. */
  timezoneOffset?: unknown;
  javaEnabled?: unknown;
}

const MAX_USER_AGENT = 2048;
const MAX_LANGUAGE = 8;
const COLOR_DEPTHS = [48, 32, 24, 16, 15, 8, 4, 1] as const;
// 24 bits is what nearly every real screen reports; a made-up 1 would look like a monochrome
// terminal to the issuer's risk engine, which is worse than a plausible guess.
const DEFAULT_COLOR_DEPTH = 24;
const MAX_SCREEN = 999_999;
// Real offsets lie within UTC−12..UTC+14; anything beyond a day is garbage, not a place.
const MAX_OFFSET = 1440;

/** Applies the EMV 3DS browser-field rules to whatever the browser reported; never throws. */
export function normalizeFrontData(raw: RawFrontData): FrontData {
  return {
    userAgent: typeof raw.userAgent === 'string' ? raw.userAgent.slice(0, MAX_USER_AGENT) : '',
    acceptLanguage: shortLanguageTag(raw.language),
    colorDepth: colorDepth(raw.colorDepth),
    screenHeight: screenSize(raw.screenHeight),
    screenWidth: screenSize(raw.screenWidth),
    timeDifference: timeDifference(raw.timezoneOffset),
    javaEnabled: raw.javaEnabled === true ? 'Y' : 'N',
    javaScriptEnabled: 'Y',
  };
}

/** Reads the browser fields from `win`; a getter that throws (privacy tools do that) counts as missing. */
export function collectFrontData(win: Window = window): FrontData {
  return normalizeFrontData({
    userAgent: attempt(() => win.navigator.userAgent),
    language: attempt(() => win.navigator.language),
    colorDepth: attempt(() => win.screen.colorDepth),
    screenHeight: attempt(() => win.screen.height),
    screenWidth: attempt(() => win.screen.width),
    timezoneOffset: attempt(() => new Date().getTimezoneOffset()),
    // Deprecated and gone from some engines: a missing method means no Java.
    javaEnabled: attempt(() => (win.navigator as Partial<Navigator>).javaEnabled?.()),
  });
}

function attempt(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

// EMV allows 8 characters, so a longer tag keeps its longest prefix of whole subtags that is still a
// valid tag ('zh-Hant-TW' → 'zh-Hant', 'en-x-private' → 'en', never a dangling 'en-x').
function shortLanguageTag(language: unknown): string {
  const canonical = canonicalTag(language);
  if (canonical === undefined) return 'en';
  let best = 'en';
  let prefix = '';
  for (const subtag of canonical.split('-')) {
    prefix = prefix === '' ? subtag : `${prefix}-${subtag}`;
    if (prefix.length > MAX_LANGUAGE) break;
    const valid = canonicalTag(prefix);
    if (valid !== undefined && valid.length <= MAX_LANGUAGE) best = valid;
  }
  return best;
}

// EMV takes only the listed depths; anything between goes to the next lower one (30 → 24).
function colorDepth(value: unknown): string {
  const depth = isNumber(value) ? COLOR_DEPTHS.find((d) => d <= value) : undefined;
  return String(depth ?? DEFAULT_COLOR_DEPTH);
}

function screenSize(value: unknown): string {
  return isNumber(value) ? String(Math.min(MAX_SCREEN, Math.max(0, Math.floor(value)))) : '0';
}

function timeDifference(offset: unknown): string {
  if (!isNumber(offset) || Math.abs(offset) > MAX_OFFSET) return '0';
  // Negated: getTimezoneOffset() is positive west of UTC, the spec wants negative. String(-0) is '0'.
  return String(-Math.round(offset));
}
