// The stand-in's sheet in the merchant's page: a modal overlay holding the sheet's frame (wallet
// origin). Everything it accepts from the frame goes through decodeSheetMessage (exact origin, exact
// window, this sheet); everything it sends names the wallet origin as the target. Styles are
// constructed (CSSOM), so a strict style-src on the merchant's page does not block them.

import type { LineItemView } from './messages.ts';
import { decodeSheetMessage, PAGE_SOURCE, type PageMessage } from './messages.ts';
import type { SheetHandle, SheetHandlers } from './session.ts';

const OVERLAY_CSS = `
:host { all: initial; }
.backdrop {
  position: fixed; inset: 0; z-index: 2147483647;
  display: flex; align-items: flex-end; justify-content: center;
  background: rgb(0 0 0 / 40%);
}
@media (min-width: 480px) { .backdrop { align-items: center; } }
iframe {
  width: min(420px, 100vw); height: min(580px, 100vh);
  border: 0; border-radius: 14px 14px 0 0; background: #fff;
  box-shadow: 0 10px 40px rgb(0 0 0 / 35%);
}
@media (min-width: 480px) { iframe { border-radius: 14px; } }
`;

/** Constructed styles: no `<style>` for the page's CSP to block. */
export function adoptStyles(root: ShadowRoot, css: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet];
}

export function showSheetOverlay(
  doc: Document,
  walletOrigin: string,
  opening: { sheetId: string; sheetUrl: string },
  handlers: SheetHandlers,
): SheetHandle {
  const win = doc.defaultView;
  if (win === null) throw new Error('the document has no window');
  const previousFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
  const host = doc.createElement('div');
  host.setAttribute('data-apple-pay-sheet', opening.sheetId);
  const root = host.attachShadow({ mode: 'open' });
  const backdrop = doc.createElement('div');
  backdrop.className = 'backdrop';
  backdrop.setAttribute('role', 'dialog');
  backdrop.setAttribute('aria-modal', 'true');
  backdrop.setAttribute('aria-label', 'Apple Pay');
  const frame = doc.createElement('iframe');
  frame.title = 'Apple Pay';
  frame.src = opening.sheetUrl;
  frame.setAttribute('referrerpolicy', 'no-referrer');
  backdrop.append(frame);
  root.append(backdrop);
  adoptStyles(root, OVERLAY_CSS);

  const post = (message: PageMessage) => {
    frame.contentWindow?.postMessage(message, walletOrigin);
  };
  const base = { source: PAGE_SOURCE, sheetId: opening.sheetId } as const;
  const onMessage = (event: MessageEvent) => {
    const message = decodeSheetMessage(
      { origin: event.origin, source: event.source, data: event.data as unknown },
      { origin: walletOrigin, source: frame.contentWindow, sheetId: opening.sheetId },
    );
    if (message === undefined) return;
    if (message.type === 'methodSelected') handlers.methodSelected(message.paymentMethod);
    else if (message.type === 'authorized') handlers.authorized(message.payment);
    else handlers.cancel();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') handlers.cancel();
  };
  // A modal sheet: focus that leaves it (Tab past the frame) is brought back.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target !== host) frame.focus();
  };
  win.addEventListener('message', onMessage);
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('focusin', onFocusIn);
  frame.addEventListener('load', () => {
    frame.focus();
  });
  doc.body.append(host);
  frame.focus();

  return {
    update(total: LineItemView, lineItems: LineItemView[]) {
      post({ ...base, type: 'methodUpdate', total, lineItems });
    },
    result(final: boolean, success: boolean) {
      post({ ...base, type: 'result', final, success });
    },
    close() {
      win.removeEventListener('message', onMessage);
      doc.removeEventListener('keydown', onKey);
      doc.removeEventListener('focusin', onFocusIn);
      host.remove();
      if (previousFocus?.isConnected === true) previousFocus.focus();
    },
  };
}
