// The demo's wallets page (demo/pages/wallets.html) and the sandbox's stand-in sheets, driven as a
// shopper would: by role and name. The sheets are the wallet origin's frames (sandbox/wallets/provider/).
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export const WALLETS_ORIGIN = 'http://127.0.0.1:4178';

export class WalletsPage {
  constructor(readonly page: Page) {}

  /** Opens the page and waits for both wallets' buttons to be ready: nothing async is left. */
  async open(query = ''): Promise<void> {
    await this.page.goto(`/wallets.html${query}`);
    // Both wallets' scripts load and answer first: a cold Firefox on a busy machine took over 5 s.
    await expect(this.googlePay).toHaveAttribute('data-svc-wallet', 'ready', { timeout: 15_000 });
    await expect(this.applePay).toHaveAttribute('data-svc-wallet', 'ready');
    await expect(this.googlePayButton).toBeVisible();
    await expect(this.applePayButton).toBeVisible();
  }

  get googlePay(): Locator {
    return this.page.locator('#google-pay');
  }

  get googlePayButton(): Locator {
    return this.googlePay.getByRole('button', { name: /GPay/ });
  }

  get applePay(): Locator {
    return this.page.locator('#apple-pay');
  }

  installments(wallet: Locator): Locator {
    return wallet.getByRole('combobox', { name: 'Parcelas' });
  }

  get status(): Locator {
    return this.page.getByRole('status').filter({ hasNotText: /^$/ }).first();
  }

  /**
   * Not paid: the shopper's sentence (in the page's language, Portuguese by default) and the error's
   * code in the developer's detail under it.
   */
  async expectNotPaid(sentence: string, code: string): Promise<void> {
    await expect(this.status.locator('p').first()).toHaveText(sentence);
    await expect(this.status.locator('details code')).toHaveText(code);
  }

  get record(): Locator {
    return this.page.getByLabel('Payment/Init record');
  }

  /** Google Pay's stand-in sheet, framed by pay.js on the page. */
  get googleSheet(): FrameLocator {
    return this.page.frameLocator('iframe[title="Google Pay"]');
  }

  get applePayButton(): Locator {
    return this.applePay.getByRole('button', { name: /Apple Pay/ });
  }

  /** Apple Pay's stand-in sheet, framed by the stand-in's ApplePaySession on the page. */
  get appleSheet(): FrameLocator {
    return this.page.frameLocator(`iframe[src^="${WALLETS_ORIGIN}/apple-pay/sheet"]`);
  }

  /** What reached the Checkout's `callback` (codes), in order. */
  outcomes(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { demo: { outcomes: string[] } }).demo.outcomes);
  }

  /** What the stand-in pay.js recorded: each call, and how it settled. */
  googlePayCalls(): Promise<{ method: string; outcome?: Record<string, unknown> }[]> {
    return this.page.evaluate(
      () =>
        (
          window as unknown as {
            __googlePayStandIn: { calls: { method: string; outcome?: Record<string, unknown> }[] };
          }
        ).__googlePayStandIn.calls,
    );
  }

  /** The Payment/Init record the backend answered, parsed. */
  async paid(): Promise<{ status: string; paymentMethods: Record<string, unknown>[] }> {
    return JSON.parse((await this.record.textContent()) ?? '{}') as {
      status: string;
      paymentMethods: Record<string, unknown>[];
    };
  }
}
