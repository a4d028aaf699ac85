// Everything a merchant page could leak card data through, gathered as text to search: its DOM with
// every open shadow root and every field's value, the state the demo keeps on `window.demo`, and the
// body of every request it sent and every response it (and its frames) received. A wallet payment
// must leave no card number, device token or cryptogram in any of them: only the wallet's opaque token.
import { expect, type Page } from '@playwright/test';
import { SANDBOX_CONTROL_HEADERS } from '../../sandbox/http/controls.ts';
import { TOKEN_ORIGIN } from './card-page.ts';

/** What the service reads in a wallet token (`POST /__sandbox/wallets/open`). */
export interface OpenedToken {
  number: string;
  cryptogram?: string;
  authMethod: string;
}

/**
 * The page's DOM, shadow roots and field values included, and `window.demo`, as one string. A canary
 * planted in the first shadow root for the time of the reading proves the reading reaches into them.
 */
function pageText(page: Page, canary: string): Promise<{ text: string; shadowRoots: number }> {
  return page.evaluate((planted) => {
    const hosts = (root: Document | ShadowRoot): Element[] =>
      [...root.querySelectorAll('*')].flatMap((element) =>
        element.shadowRoot === null ? [] : [element, ...hosts(element.shadowRoot)],
      );
    const shadowHosts = hosts(document);
    const marker = document.createElement('span');
    marker.hidden = true;
    marker.textContent = planted;
    shadowHosts[0]?.shadowRoot?.append(marker);
    const roots: (Document | ShadowRoot)[] = [
      document,
      ...shadowHosts.flatMap((host) => (host.shadowRoot === null ? [] : [host.shadowRoot])),
    ];
    const parts = [
      document.documentElement.outerHTML,
      ...shadowHosts.map((host) => host.shadowRoot?.innerHTML ?? ''),
      ...roots.flatMap((root) =>
        [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map(
          (field) => field.value,
        ),
      ),
      JSON.stringify((window as unknown as { demo?: unknown }).demo ?? null),
    ];
    marker.remove();
    return { text: parts.join('\n'), shadowRoots: shadowHosts.length };
  }, canary);
}

/** Records every request body the page sends and every response body it receives, frames included. */
export function recordTraffic(page: Page): () => Promise<string> {
  const bodies: Promise<string>[] = [];
  page.on('request', (request) => bodies.push(Promise.resolve(request.postData() ?? '')));
  page.on('response', (response) => bodies.push(response.text().catch(() => `[no body: ${response.url()}]`)));
  return async () => (await Promise.all(bodies)).join('\n');
}

/** Which of `needles` the page holds anywhere: DOM, shadow roots, `window.demo`, traffic. */
export async function pageHolds(
  page: Page,
  traffic: () => Promise<string>,
  needles: readonly string[],
): Promise<string[]> {
  const canary = `canary-${String(Math.random()).slice(2)}`;
  const { text, shadowRoots } = await pageText(page, canary);
  // The wallet buttons live in shadow roots: a search that missed them would miss what hides there.
  expect(shadowRoots).toBeGreaterThan(0);
  expect(text).toContain(canary);
  const sent = await traffic();
  // And the bodies were read: the wallets' scripts are in no DOM, only in their responses.
  expect(sent).toContain('PaymentsClient');
  expect(sent).toContain('ApplePaySession');
  const haystack = `${text}\n${sent}`;
  return needles.filter((needle) => haystack.includes(needle));
}

/** The token the wallet's stand-in handed the page for its last authorized payment. */
function lastToken(page: Page, walletProvider: 'WalletAPay' | 'WalletBPay'): Promise<string | undefined> {
  return page.evaluate((provider) => {
    interface Calls {
      calls: { method: string; args: { paymentMethodData?: { tokenizationData?: { token?: string } } }[] }[];
    }
    const w = window as unknown as {
      __googlePayStandIn?: Calls;
      __applePayStandIn?: { lastPayment?: { token: { paymentData: unknown } } };
    };
    if (provider === 'WalletBPay') {
      const payment = w.__applePayStandIn?.lastPayment;
      return payment === undefined ? undefined : JSON.stringify(payment.token.paymentData);
    }
    const authorized = w.__googlePayStandIn?.calls.filter((call) => call.method === 'onPaymentAuthorized');
    return authorized?.at(-1)?.args[0]?.paymentMethodData?.tokenizationData?.token;
  }, walletProvider);
}

/**
 * What the service reads in the token the page was handed for its last payment (the sandbox's
 * `POST /__sandbox/wallets/open`), so a test searches the page for the numbers the stand-in really
 * sealed, not for what it assumes.
 */
export async function openedToken(
  page: Page,
  walletProvider: 'WalletAPay' | 'WalletBPay',
  account = 'demo',
): Promise<OpenedToken> {
  const token = await lastToken(page, walletProvider);
  expect(token, 'the stand-in recorded no token').toBeDefined();
  const reply = await page.request.post(`${TOKEN_ORIGIN}/__sandbox/wallets/open`, {
    headers: SANDBOX_CONTROL_HEADERS,
    data: { walletProvider, token, account },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as OpenedToken;
}
