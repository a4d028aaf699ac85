// The stand-in Google Pay sheet's document. No inline script or style: its data travels in escaped data-*
// attributes, its code and styles come from the wallet origin, so its CSP can be strict. Only the page
// that opened it (and that page's ancestors) may frame it.

import { csp, escapeHtml, htmlDocument, type Page } from '../../../three-ds/pages.ts';
import { webOrigin } from '../origin.ts';
import type { SheetCard } from './protocol.ts';

/** At most this many ancestors are listed in frame-ancestors (pay.js sends location.ancestorOrigins). */
const MAX_ANCESTORS = 8;

/** The origins that may frame the sheet: `origin` (the page) and its ancestors; undefined if any is not one. */
export function frameAncestors(
  page: string | undefined,
  ancestors: string | undefined,
): string[] | undefined {
  const list = [page ?? '', ...(ancestors === undefined || ancestors === '' ? [] : ancestors.split(' '))];
  if (list.length > MAX_ANCESTORS + 1) return undefined;
  const origins = list.map(webOrigin);
  return origins.every((o) => o !== undefined) ? [...new Set(origins)] : undefined;
}

const TITLE = 'Google Pay (sandbox)';
const STYLESHEET = '<link rel="stylesheet" href="/google-pay/sheet.css">';

/** Said instead of a sheet when pay.js did not name the page: anyone may frame it, to see why. */
export function sheetRefusedPage(message: string): Page {
  return {
    status: 400,
    csp: csp({ formAction: "'none'", frameAncestors: undefined }),
    html: htmlDocument(
      TITLE,
      STYLESHEET,
      `<main class="dialog"><h1>${TITLE}</h1><p class="error" role="alert">${escapeHtml(message)}</p></main>`,
    ),
  };
}

export function sheetPage(data: {
  targetOrigin: string;
  frameAncestors: readonly string[];
  sheetKey: string;
  gateway: string;
  cards: readonly SheetCard[];
}): Page {
  const attributes = [
    `data-target-origin="${escapeHtml(data.targetOrigin)}"`,
    `data-sheet-key="${escapeHtml(data.sheetKey)}"`,
    `data-gateway="${escapeHtml(data.gateway)}"`,
    `data-cards="${escapeHtml(JSON.stringify(data.cards))}"`,
  ].join(' ');
  return {
    status: 200,
    csp: csp({ formAction: "'none'", frameAncestors: data.frameAncestors }),
    html: htmlDocument(
      TITLE,
      `${STYLESHEET}\n<script src="/google-pay/sheet.js" defer></script>`,
      `<main id="sheet" ${attributes}>
<div class="dialog" role="dialog" aria-modal="true" aria-labelledby="gp-title" aria-describedby="gp-summary">
<header>
<h1 id="gp-title">Google Pay</h1>
<p class="sandbox">Sandbox wallet · <span id="gp-environment">TEST</span> · no real payment</p>
</header>
<p id="gp-status" role="status">Loading…</p>
<section id="gp-summary" hidden>
<p class="merchant">Pay <span id="gp-merchant"></span></p>
<p class="total"><span id="gp-total-label">Total</span> <strong id="gp-total"></strong></p>
</section>
<form id="gp-form" hidden>
<fieldset id="gp-cards"><legend>Payment method</legend></fieldset>
<p id="gp-error" class="error" role="alert"></p>
<div class="actions">
<button id="gp-pay" class="primary" type="submit">Continue</button>
<button id="gp-cancel" type="button">Cancel</button>
</div>
<fieldset id="gp-outcomes" class="outcomes">
<legend>Sandbox: end with an error instead</legend>
<button type="button" data-error="BUYER_ACCOUNT_ERROR">Buyer account error</button>
<button type="button" data-error="MERCHANT_ACCOUNT_ERROR">Merchant account error</button>
<button type="button" data-error="INTERNAL_ERROR">Internal error</button>
</fieldset>
</form>
</div>
</main>`,
    ),
  };
}
