// The HTML documents of the 3DS flow: the provider's collection, challenge and "return to merchant" pages,
// and the token host's return page. No inline script or style anywhere: data travels in escaped data-*
// attributes, code and styles in files served by the same origin, so each page's CSP can be strict.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Challenge } from './provider.ts';

const ASSETS = new URL('./assets/', import.meta.url);

/** The browser-side files, read once: they are part of the sandbox, not of the build. */
export const ASSET_FILES: Readonly<Record<string, { type: string; body: string }>> = Object.fromEntries(
  [
    ['ddc.js', 'text/javascript; charset=utf-8'],
    ['cres.js', 'text/javascript; charset=utf-8'],
    ['acs.js', 'text/javascript; charset=utf-8'],
    ['acs.css', 'text/css; charset=utf-8'],
    ['return.js', 'text/javascript; charset=utf-8'],
    ['spc-enrol.js', 'text/javascript; charset=utf-8'],
    ['card.svg', 'image/svg+xml'],
  ].map(([name = '', type = '']) => [name, { type, body: readFileSync(new URL(name, ASSETS), 'utf8') }]),
);

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export interface Page {
  status: number;
  html: string;
  csp: string;
}

export function csp(options: { formAction: string; frameAncestors: readonly string[] | undefined }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    `form-action ${options.formAction}`,
    // An error page may be framed anywhere, so a developer sees why the flow stopped.
    ...(options.frameAncestors === undefined ? [] : [`frame-ancestors ${options.frameAncestors.join(' ')}`]),
  ].join('; ');
}

/** A page with no inline script or style (the wallets' stand-in sheets and the boleto's print page use it too). */
export function htmlDocument(title: string, head: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

export function providerErrorPage(status: number, message: string): Page {
  return {
    status,
    csp: csp({ formAction: "'none'", frameAncestors: undefined }),
    html: htmlDocument(
      'Sandbox 3DS provider: error',
      '<link rel="stylesheet" href="/assets/acs.css">',
      `<main>
<h1>The 3DS request was refused</h1>
<p role="alert">${escapeHtml(message)}</p>
</main>`,
    ),
  };
}

/** Device data collection: invisible; ddc.js reads its data-* and answers the parent. */
export function collectionPage(data: {
  targetOrigin: string;
  message: string | undefined;
  delayMs: number;
  collectionId: string | undefined;
  frameAncestors: readonly string[];
}): Page {
  const attributes = [
    `data-target-origin="${escapeHtml(data.targetOrigin)}"`,
    `data-delay-ms="${String(data.delayMs)}"`,
    ...(data.message === undefined ? [] : [`data-message="${escapeHtml(data.message)}"`]),
    ...(data.collectionId === undefined ? [] : [`data-collection-id="${escapeHtml(data.collectionId)}"`]),
  ];
  return {
    status: 200,
    csp: csp({ formAction: "'none'", frameAncestors: data.frameAncestors }),
    html: htmlDocument(
      'Sandbox 3DS provider: device data collection',
      '<script src="/assets/ddc.js" defer></script>',
      `<div id="ddc" hidden ${attributes.join(' ')}></div>`,
    ),
  };
}

/**
 * The sandbox issuer's one-time-code challenge; plain forms, so it works without script. No `autofocus`
 * (blocked in a cross-origin frame, with a console message): acs.js focuses the code once the page has focus.
 * The code is posted to the issuer's relying party origin (`answerOrigin`), where the result page may
 * enrol the card for SPC.
 */
export function challengePage(
  challenge: Challenge,
  frameAncestors: readonly string[],
  error: string | undefined,
  answerOrigin: string,
): Page {
  const invalid = error === undefined ? '' : ' aria-invalid="true"';
  const describedBy = error === undefined ? 'otp-hint' : 'otp-hint otp-error';
  return {
    status: error === undefined ? 200 : 422,
    csp: csp({ formAction: `'self' ${answerOrigin}`, frameAncestors }),
    html: htmlDocument(
      'Sandbox issuer: confirm your purchase',
      '<link rel="stylesheet" href="/assets/acs.css"><script src="/assets/acs.js" defer></script>',
      `<main>
<h1>Confirm your purchase</h1>
<p class="issuer">Sandbox issuer · 3-D Secure 2.2.0</p>
<form method="post" action="${escapeHtml(answerOrigin)}/stepup/answer">
<input type="hidden" name="acsTransId" value="${escapeHtml(challenge.acsTransId)}">
<label for="otp">One-time code</label>
<input id="otp" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="8" aria-describedby="${describedBy}"${invalid}>
<p id="otp-hint" class="hint">We sent a code to your phone. In the sandbox the code is 1234.</p>
${error === undefined ? '' : `<p id="otp-error" class="error" role="alert">${escapeHtml(error)}</p>`}
<div class="actions">
<button class="primary" type="submit" name="action" value="authenticate">Authenticate</button>
<button type="submit" name="action" value="fail" formnovalidate>Fail authentication</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
</main>`,
    ),
  };
}

/**
 * The ACS's last page: posts TransactionId and MD to the return URL on the token host. After a passed
 * challenge on a device with a platform authenticator, it first offers to enrol the card for Secure
 * Payment Confirmation (spc-enrol.js shows the offer; without one, or without script, it returns at once
 * as cres.js does).
 */
export function challengeResultPage(
  challenge: Challenge,
  frameAncestors: readonly string[],
  /** The enrolment ticket when the page offers it; only this page holds it. */
  spcTicket: string | undefined,
): Page {
  const offerSpc = spcTicket !== undefined;
  // What the device remembers it was asked for this card (spc-enrol.js): a hash of the issuer's key.
  const cardId = () => createHash('sha256').update(challenge.card.key).digest('base64url').slice(0, 22);
  const offer =
    () => `<section id="spc-offer" hidden aria-labelledby="spc-title" data-ticket="${escapeHtml(spcTicket ?? '')}" data-card="${cardId()}">
<h1 id="spc-title">Use this device next time?</h1>
<p>Next time you pay with ${escapeHtml(challenge.card.displayName)} on this device, confirm with your fingerprint, face or screen lock instead of a code. The passkey stays with your bank.</p>
<p id="spc-status" role="status"></p>
<div class="actions">
<button class="primary" type="button" id="spc-enrol">Use this device</button>
<button type="submit" form="cres" id="spc-later">Not now</button>
</div>
</section>`;
  return {
    status: 200,
    csp: csp({ formAction: new URL(challenge.returnUrl).origin, frameAncestors }),
    html: htmlDocument(
      offerSpc ? 'Sandbox issuer: use this device next time?' : 'Sandbox issuer: returning to the merchant',
      `<link rel="stylesheet" href="/assets/acs.css"><script src="/assets/${offerSpc ? 'spc-enrol' : 'cres'}.js" defer></script>`,
      `<main>
${offerSpc ? offer() : ''}
<form id="cres" method="post" action="${escapeHtml(challenge.returnUrl)}">
<input type="hidden" name="TransactionId" value="${escapeHtml(challenge.transactionId)}">
<input type="hidden" name="MD" value="${escapeHtml(challenge.md ?? '')}">
<p id="returning">Returning to the merchant…</p>
<button type="submit" id="continue">Continue</button>
</form>
</main>`,
    ),
  };
}

/**
 * The token host's return page. Its parent is the 3DS frame on the token host; CSP frame-ancestors checks
 * every ancestor up to the top, so the account's merchant origins (where that frame sits) are listed too.
 */
export function returnPage(data: {
  tokenOrigin: string;
  transactionId: string;
  md: string;
  frameAncestors: readonly string[];
}): Page {
  return {
    status: 200,
    csp: [
      "default-src 'none'",
      "script-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${data.frameAncestors.join(' ')}`,
    ].join('; '),
    html: htmlDocument(
      '3DS complete',
      '<script src="/frames/3ds-return.js" defer></script>',
      `<div id="result" hidden data-target-origin="${escapeHtml(data.tokenOrigin)}" data-transaction-id="${escapeHtml(
        data.transactionId,
      )}" data-md="${escapeHtml(data.md)}"></div>`,
    ),
  };
}

/** No frame-ancestors: it names no account, and a developer should see why the relay stopped. */
export function returnErrorPage(message: string): Page {
  return {
    status: 400,
    csp: ["default-src 'none'", "base-uri 'none'", "form-action 'none'"].join('; '),
    html: htmlDocument('3DS return refused', '', `<p role="alert">${escapeHtml(message)}</p>`),
  };
}
