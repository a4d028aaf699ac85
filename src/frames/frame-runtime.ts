// What every token-host frame does first: read its boot data, check it is embedded by a page the
// account allows, and connect to that page over a MessagePort. Shared by the card frame and, later,
// the 3DS and passkey frames.

import { connectToParent, parentAllowed, readBoot } from '../messaging/handshake.ts';
import { APPEARANCE_VARIABLES, customProperty } from '../appearance.ts';
import { refusalMessages } from '../i18n/refusal.ts';

/** The token host writes the account's allowed merchant origins into this meta tag when serving. */
export function allowedOrigins(doc: Document): string[] {
  const content = doc.querySelector('meta[name="svc-allowed-origins"]')?.getAttribute('content') ?? '';
  return content.split(/\s+/).filter((origin) => origin !== '');
}

/**
 * Shows the shopper, in the browser's language, that this payment form cannot run on this page: the
 * page's locale and `messages` never reach a frame that refuses it (i18n/refusal.ts).
 */
export function refuse(doc: Document): void {
  const message = doc.createElement('p');
  message.className = 'svc-refusal';
  // The language's two letters (pt-BR: pt); English for any other. The document says which it is.
  const asked = navigator.language.slice(0, 2).toLowerCase();
  const language = Object.hasOwn(refusalMessages, asked) ? (asked as keyof typeof refusalMessages) : 'en';
  doc.documentElement.lang = language;
  message.textContent = refusalMessages[language];
  doc.getElementById('root')?.replaceChildren(message);
}

/**
 * Resolves with the port to the parent page, or undefined when the frame refuses to run. A page that
 * has not connected after `waitMs` (no checkout script, or one that fails) gets the refusal shown, and
 * may still connect: a frame from the page's HTML (cardFormHtml()) waits for its form's mount, and its
 * fields then replace the refusal.
 */
export async function startFrame(win: Window, waitMs = 10_000): Promise<MessagePort | undefined> {
  const boot = readBoot(win);
  if (
    boot === undefined ||
    win.parent === win ||
    !parentAllowed(boot, allowedOrigins(win.document), win.location.ancestorOrigins)
  ) {
    refuse(win.document);
    return undefined;
  }
  const timer = setTimeout(refuse, waitMs, win.document);
  // An allowed origin, so one postMessage takes: the token host writes them.
  const port = await connectToParent(win, boot);
  clearTimeout(timer);
  return port;
}

/**
 * Applies the merchant's appearance as CSS custom properties through the CSSOM (allowed by the frame's
 * CSP, unlike style attributes). A value the browser would not accept for its property is skipped, so
 * nothing like url(...) can sneak in as a colour. `theme` and `labelPosition` become classes on the root
 * (`svc-dark`, `svc-hidden`): the dark theme's values there (fields.css) give way to the merchant's
 * variables, which are the root's own style.
 */
export function applyAppearance(doc: Document, appearance: Readonly<Record<string, string>>): void {
  const root = doc.documentElement;
  // The page checked the words: any other makes a class fields.css does not know.
  root.className = `svc-${appearance['theme']} svc-${appearance['labelPosition']}`;
  for (const [key, value] of Object.entries(appearance)) {
    // A key of Object.prototype finds a function, which CSS.supports takes for no property name.
    const property = (APPEARANCE_VARIABLES as Partial<Record<string, string>>)[key];
    if (property === undefined || /url\(|expression\(|[;{}]/i.test(value)) continue;
    if (CSS.supports(property, value)) root.style.setProperty(customProperty(key), value);
  }
}

/**
 * Resolves once the document has painted, so that a frame says ready only when the shopper can see it:
 * the card frame's skeleton has, as a rule, long before (card.html). At once where it has, where nothing
 * will paint (a hidden page) or no paint is reported (a browser without paint timing); after `wait` ms
 * for a frame the browser does not render yet (Chromium paints a cross-origin frame off screen only once
 * it is scrolled to), which is then as usable as before.
 */
export function painted(win: typeof window, wait = 1000): Promise<void> {
  const Observer = win.PerformanceObserver as typeof PerformanceObserver | undefined;
  return new Promise((resolve) => {
    win.setTimeout(resolve, wait);
    // A paint comes to the timeline and to observers at once, so one before this check is in it, and
    // one after reaches the observer. Not a buffered observer for the first: it hears of a past paint
    // only in a task of its own, which Chromium runs when the frame has nothing else to do (tens of ms).
    if (
      Observer?.supportedEntryTypes.includes('paint') &&
      win.document.visibilityState !== 'hidden' &&
      win.performance.getEntriesByType('paint').length === 0
    )
      // Called again by a later paint (the contentful one after the first): a promise resolves once.
      new Observer(() => {
        resolve();
      }).observe({ type: 'paint' });
    else resolve();
  });
}

/**
 * A chunk of the card frame's own, loaded by URL (vite.config.ts lazyChunks): later.ts (the service
 * client, the submit and 3DS), fetched once the fields show, and extras.ts (the CPF field, the
 * installments' wording), fetched before them when the merchant shows either. Loaded once: every later
 * call gets the same promise, so a submit reaches its request in the same task (an import() of a
 * loaded module still waits for a task of its own, which a busy frame runs tens of ms later). A browser
 * keeps a failed module fetch for its URL (Firefox does, as the HTML standard says), so the next try
 * asks for another URL.
 */
export function lazy<T>(url: string, load = (at: string) => import(/* @vite-ignore */ at) as Promise<T>) {
  let next = url;
  let retries = 0;
  let loaded: Promise<T> | undefined;
  return (): Promise<T> =>
    (loaded ??= load(next).catch((cause: unknown) => {
      loaded = undefined;
      next = `${url}?retry=${String(++retries)}`;
      throw cause;
    }));
}
