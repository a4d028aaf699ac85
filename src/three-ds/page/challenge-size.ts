// The 3DS challenge window sizes (EMV challengeWindowSize) and how one is chosen for a viewport.
// Peers default to 02 and fall back to it for an invalid value; a viewport too small for the size
// gets the full screen (05).

export const CHALLENGE_WINDOW_SIZES = {
  '01': { width: 250, height: 400 },
  '02': { width: 390, height: 400 },
  '03': { width: 500, height: 600 },
  '04': { width: 600, height: 400 },
  '05': { width: 0, height: 0 },
} as const;

export type ChallengeWindowSize = keyof typeof CHALLENGE_WINDOW_SIZES;

export interface ChallengeBox {
  size: ChallengeWindowSize;
  /** CSS pixels of the challenge content; 0 when full screen. */
  width: number;
  height: number;
  fullScreen: boolean;
}

/** Room the dialog's own chrome (border, close button row) needs around the challenge. */
export const DIALOG_CHROME = { width: 32, height: 72 } as const;

function isSize(value: unknown): value is ChallengeWindowSize {
  return typeof value === 'string' && Object.hasOwn(CHALLENGE_WINDOW_SIZES, value);
}

export function resolveChallengeBox(
  requested: unknown,
  viewport: { width: number; height: number },
): ChallengeBox {
  const size = isSize(requested) ? requested : '02';
  const { width, height } = CHALLENGE_WINDOW_SIZES[size];
  const fits =
    width + DIALOG_CHROME.width <= viewport.width && height + DIALOG_CHROME.height <= viewport.height;
  if (size === '05' || !fits) return { size, width: 0, height: 0, fullScreen: true };
  return { size, width, height, fullScreen: false };
}
