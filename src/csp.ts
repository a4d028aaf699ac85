// The Content-Security-Policy a merchant page needs for the checkout, by the features it uses. For the
// merchant's server, which sends the header; it has no DOM and no side effects.
//
// What the checkout needs of the page's policy:
// - script-src: where the page loads the script from (its own origin by default, or a CDN); the
//   script-tag builds load their en and es strings from files beside it, under the same source.
// - frame-src: the token host, for the card frame and the 3DS challenge frame. With the card form the
//   3DS provider's pages are framed by the token host's frames, under their policy; a headless page runs
//   the device data collection itself, so it frames the provider's collection page (and posts a form
//   to it: form-action).
// - connect-src: the token host, only where the page itself calls it: headless tokenization
//   (tokenizeCard) and the stored-card list (listStoredCards). The card form's calls come from its frame.
//   The payment engine when the page pays itself (pay()).
// - style-src: nothing. The elements' styles are constructable stylesheets (elements/shadow.ts) and CSSOM property
//   writes, neither of which style-src governs; no inline <style> or style attribute is written.
// - No 'unsafe-inline', no 'unsafe-eval', no nonce.

import { resolveTokenOrigin } from './api/hosts.ts';
import { resolveEngineOrigin } from './api/payments.ts';
import { invalidOption } from './errors.ts';
import type { Environment, WalletScripts } from './types.ts';

/** What {@link checkoutCsp} needs to know: where the script and the token host are, and the features used. */
export interface CspOptions {
  /** As given to `new Checkout`. */
  environment: Environment;
  /** As given to `new Checkout`; the environment's default when absent. */
  tokenUrl?: string;
  /** Where the page loads the checkout script from: `'self'` (default) or an https origin. */
  scriptSource?: string;
  /** The page calls `listStoredCards()`. */
  storedCards?: boolean;
  /** The page calls `pay()` (client script for everything): the payment engine. */
  pay?: boolean;
  /** As given to `new Checkout`, with `pay`; the environment's default when absent. */
  engineUrl?: string;
  /** The page calls `tokenizeCard()` (headless mode, SAQ A-EP). */
  headless?: boolean;
  /**
   * With `headless`: the 3DS provider's device data collection URL (or origin), which the page frames
   * and posts a form to. Given at onboarding; the sandbox's default is `http://127.0.0.1:4176`.
   */
  threeDsUrl?: string;
  /** The page calls `useGooglePay()`: pay.js, its sheet and its requests, from Google's origin. */
  googlePay?: boolean;
  /** The page calls `useApplePay()`: Apple Pay JS from Apple's origin, and the token host for validation. */
  applePay?: boolean;
  /** As given to `new Checkout`: the wallets' scripts come from there instead (the sandbox's stand-ins). */
  walletScripts?: WalletScripts;
}

/** The origins the wallets' own scripts load from by default (src/wallets/constants.ts has the URLs). */
const WALLET_ORIGINS = { googlePay: 'https://pay.google.com', applePay: 'https://applepay.cdn-apple.com' };

/** Directive name → sources. Only the directives the checkout needs appear. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/**
 * The directives a merchant page needs for the checkout's features: `script-src` for the script,
 * `frame-src` for the token host, and `connect-src` for it only with stored cards, headless mode or
 * Apple Pay (merchant validation), and for the payment engine with `pay`; with a wallet, its origin in
 * all three. No `style-src` and no
 * `'unsafe-inline'`. Merge them into the page's own policy with {@link mergeCsp}.
 *
 * @param options - The environment and token host, as given to `new Checkout`, and the features used.
 * @returns Directive name → sources.
 * @throws {@link CheckoutError} `invalid_option` (type `configuration`) when `tokenUrl` (or, with
 * `pay`, `engineUrl`) is missing in production, is not a URL or is not https (http only on localhost).
 * @throws TypeError when `scriptSource` is neither `'self'` nor an https origin.
 */
export function checkoutCsp(options: CspOptions): CspDirectives {
  const token = resolveTokenOrigin(options.environment, options.tokenUrl);
  const script = options.scriptSource ?? "'self'";
  if (script !== "'self'" && !/^https:\/\/[^/\s;,']+$/.test(script)) {
    throw new TypeError(`scriptSource must be 'self' or an https origin, got "${script}".`);
  }
  // Each wallet's script loads from its origin, which also serves its sheet and answers its requests.
  const wallets = (['googlePay', 'applePay'] as const)
    .filter((wallet) => options[wallet] === true)
    .map((wallet) => {
      const configured = options.walletScripts?.[wallet];
      return configured === undefined ? WALLET_ORIGINS[wallet] : new URL(configured).origin;
    });
  const connect = [
    ...(options.storedCards === true || options.headless === true || options.applePay === true
      ? [token]
      : []),
    ...wallets,
    ...(options.pay === true ? [resolveEngineOrigin(options.environment, options.engineUrl)] : []),
  ];
  const collection = options.headless === true ? [threeDsOrigin(options)] : [];
  return {
    'script-src': [...new Set([script, ...wallets])],
    'frame-src': [...new Set([token, ...wallets, ...collection])],
    ...(connect.length > 0 ? { 'connect-src': [...new Set(connect)] } : {}),
    ...(collection.length > 0 ? { 'form-action': collection } : {}),
  };
}

/** The browser features the token host's frames use, each delegated by the frame's `allow`. */
const FRAME_FEATURES = ['payment', 'publickey-credentials-get', 'publickey-credentials-create'] as const;

/**
 * The `Permissions-Policy` header value a merchant page needs **when it sends one**: the token host may
 * use `payment` (Secure Payment Confirmation in the 3DS frame) and `publickey-credentials-get` and
 * `-create` (stored cards' passkeys, and the issuer's own inside the 3DS frame). A page that sends no
 * Permissions-Policy header needs nothing: these features are its own by default, and the frames'
 * `allow` attributes hand them on. Merge each feature's allowlist with yours; a page that sets
 * `payment=()` turns SPC off, and the challenge runs with its code.
 *
 * @param options - The environment and token host, as given to `new Checkout`.
 * @returns The header's value: `payment=(self "https://token.example"), …`.
 * @throws {@link CheckoutError} `invalid_option`, as {@link checkoutCsp} does, for a bad `tokenUrl`.
 */
export function checkoutPermissionsPolicy(options: Pick<CspOptions, 'environment' | 'tokenUrl'>): string {
  const token = resolveTokenOrigin(options.environment, options.tokenUrl);
  return FRAME_FEATURES.map((feature) => `${feature}=(self "${token}")`).join(', ');
}

/** The sandbox's 3DS provider, where the sandbox runs by default (`npm run sandbox`). */
const SANDBOX_THREE_DS_URL = 'http://127.0.0.1:4176';

function threeDsOrigin(options: CspOptions): string {
  const value = options.threeDsUrl ?? (options.environment === 'sandbox' ? SANDBOX_THREE_DS_URL : undefined);
  if (value === undefined) {
    invalidOption(
      'threeDsUrl is required with headless in production: use the 3DS provider given at onboarding.',
    );
  }
  if (!URL.canParse(value)) invalidOption(`threeDsUrl "${value}" is not a URL.`);
  return new URL(value).origin;
}

/**
 * Where a fetch directive a policy leaves out falls back to (CSP Level 3, section 6.8.3): the first of
 * these the policy has governs in its place, `default-src` last.
 */
const FALLBACKS: Readonly<Record<string, readonly string[]>> = {
  'script-src-elem': ['script-src'],
  'script-src-attr': ['script-src'],
  'style-src-elem': ['style-src'],
  'style-src-attr': ['style-src'],
  'frame-src': ['child-src'],
  'worker-src': ['child-src', 'script-src'],
};
const FETCH_DIRECTIVES = new Set([
  ...Object.keys(FALLBACKS),
  ...['child-src', 'connect-src', 'font-src', 'img-src', 'manifest-src', 'media-src', 'object-src'],
  ...['script-src', 'style-src'],
]);

/** The sources that govern `name` in `policy`: its own, or those of the directive it falls back to. */
function governing(policy: CspDirectives, name: string): readonly string[] {
  if (!FETCH_DIRECTIVES.has(name)) return policy[name] ?? [];
  for (const candidate of [name, ...(FALLBACKS[name] ?? []), 'default-src'])
    if (policy[candidate] !== undefined) return policy[candidate];
  return [];
}

/**
 * Several policies' directives in one: sources are joined per directive, in order, without repeats.
 * A directive one policy adds keeps what another allowed through its fallback: `default-src 'self'`
 * merged with `script-src https://cdn.example` gives `script-src 'self' https://cdn.example`, so the
 * page's own scripts still load. `'none'` stays only where nothing else is allowed.
 *
 * @param policies - The page's own policy and {@link checkoutCsp}'s, say.
 * @returns A new policy; the arguments are not changed.
 */
export function mergeCsp(...policies: readonly CspDirectives[]): CspDirectives {
  const names = [...new Set(policies.flatMap((policy) => Object.keys(policy)))];
  const merged: Record<string, string[]> = {};
  for (const name of names) {
    const sources = [...new Set(policies.flatMap((policy) => governing(policy, name)))];
    merged[name] = sources.length > 1 ? sources.filter((source) => source !== "'none'") : sources;
  }
  return merged;
}

/**
 * The `Content-Security-Policy` header value of a policy: `name source source; name source`.
 *
 * @param policy - Directive name → sources, as {@link checkoutCsp} and {@link mergeCsp} return.
 * @returns The header value, directives in the policy's order.
 */
export function formatCsp(policy: CspDirectives): string {
  return Object.entries(policy)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
