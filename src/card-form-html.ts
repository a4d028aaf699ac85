// The card form as markup, for the merchant's server to render into the checkout page's HTML: the card
// frame then starts loading with the page, as a bare iframe does, while the checkout script is still on
// its way. `mountCardForm()` into the element that holds it adopts it (elements/card-form.ts). For the
// server: no DOM and no side effects, like csp.ts.

import { checkedOrigin, resolveTokenOrigin } from './api/hosts.ts';
import { FRAME_ALLOW, FRAME_PATH } from './elements/card-form.ts';
import { invalidOption } from './errors.ts';
import { ptBR } from './i18n/pt-br.ts';
import { createNonce, frameUrl } from './messaging/handshake.ts';
import type { Environment } from './types.ts';

/** What {@link cardFormHtml} needs: the Checkout's own settings, and the page's origin. */
export interface CardFormHtmlOptions {
  /** As given to `new Checkout`. */
  account: string;
  /** As given to `new Checkout`. */
  environment: Environment;
  /** As given to `new Checkout`; the environment's default when absent. */
  tokenUrl?: string;
  /**
   * The origin of the page the markup goes into, as the shopper's browser sees it
   * (`https://shop.example`): the token host serves the frame only to an origin the account allows.
   */
  origin: string;
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The card form's markup for the page's HTML: a `<svc-card-form>` whose declarative shadow root holds
 * the card frame, so the browser starts loading the frame while it parses the page. Render it into the
 * element the page then passes to `mountCardForm()`, fresh for every page view (it holds a new nonce),
 * from the same version as the page's script: the form adopts the frame it finds there (a frame for
 * another account, origin or version is replaced, and the console says why). The card fields only;
 * a stored card's security code is mounted as usual. For the page's HTML as the server sends it (or
 * `setHTMLUnsafe()`): markup set with `innerHTML` gets no shadow root, so it holds no frame, and
 * `mountCardForm()` refuses the element with `invalid_target`. A single-page app mounts the form
 * without it. The frame waits for the mount however late it comes, and tells the shopper the form
 * cannot be shown while no page has connected after 10 s. docs/guides/script-tag.md shows a server
 * rendering it.
 */
export function cardFormHtml(options: CardFormHtmlOptions): string {
  const { account, environment, tokenUrl, origin } = options;
  if (typeof account !== 'string' || account === '' || account.length > 64)
    invalidOption('account must be a string of 1 to 64 characters.');
  const src = frameUrl(
    resolveTokenOrigin(environment, tokenUrl),
    FRAME_PATH,
    { account, mode: 'card' },
    createNonce(),
    checkedOrigin('origin', origin),
  );
  // The title until the script gives it the Checkout's language; the height the form reserves.
  return `<svc-card-form mode="card"><template shadowrootmode="open"><iframe part="frame" src="${attribute(src)}" title="${ptBR.frameTitle}" allow="${FRAME_ALLOW}" referrerpolicy="origin" loading="eager" width="100%" height="352"></iframe></template></svc-card-form>`;
}
