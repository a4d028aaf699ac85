// Which validation URLs the service calls for a merchant session: Apple's gateway hosts only (the
// allow-list is also the SSRF guard: a URL from the page is never fetched as given), plus the sandbox's
// own stand-in gateway. The sandbox is offline, so Apple's real hosts are recognised but not reached.

/** The paths of Apple's endpoint: paymentSession (current docs) and startSession (older docs, events). */
const APPLE_PAY_SESSION_PATHS = ['/paymentservices/paymentSession', '/paymentservices/startSession'];

/**
 * Apple's merchant validation hosts ("Setting up your server"): the global and China endpoints and
 * their pods (apple-pay-gateway-nc-pod1.apple.com, cn-apple-pay-gateway-sh-pod2.apple.com,
 * apple-pay-gateway-cert.apple.com for the sandbox environment...).
 */
const APPLE_GATEWAY_HOST = /^(?:cn-)?apple-pay-gateway(?:-[a-z0-9]+)*\.apple\.com$/;

type ValidationUrlCheck =
  { kind: 'stand-in' } | { kind: 'apple'; host: string } | { kind: 'refused'; message: string };

/** Classifies a validationURL; `walletsUrl` is the sandbox's wallet origin. Never fetches anything. */
export function checkValidationUrl(validationUrl: string, walletsUrl: string): ValidationUrlCheck {
  let url: URL;
  try {
    url = new URL(validationUrl);
  } catch {
    return { kind: 'refused', message: 'validationURL: not a URL' };
  }
  if (url.username !== '' || url.password !== '') {
    return { kind: 'refused', message: 'validationURL: credentials in a URL are refused' };
  }
  if (!APPLE_PAY_SESSION_PATHS.includes(url.pathname)) {
    return {
      kind: 'refused',
      message: `validationURL: the path must be one of ${APPLE_PAY_SESSION_PATHS.join(', ')}`,
    };
  }
  if (url.search !== '' || url.hash !== '') {
    return { kind: 'refused', message: 'validationURL: no query or fragment' };
  }
  if (url.origin === new URL(walletsUrl).origin) return { kind: 'stand-in' };
  // new URL() lower-cases the host and drops a default port; any other port is not Apple's.
  if (url.protocol === 'https:' && url.port === '' && APPLE_GATEWAY_HOST.test(url.hostname)) {
    return { kind: 'apple', host: url.hostname };
  }
  return {
    kind: 'refused',
    message: "validationURL: not an Apple Pay gateway host (nor the sandbox's stand-in)",
  };
}
