// The 3DS challenge as the shopper meets it: a modal dialog on the merchant page, holding the token
// host's 3DS frame, which holds the issuer's step-up page.

import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

export class ChallengeDialog {
  readonly dialog: Locator;
  /** The issuer's page, two frames down: merchant page → 3DS frame (token host) → step-up (provider). */
  readonly issuer: FrameLocator;

  constructor(readonly page: Page) {
    this.dialog = page.locator('svc-challenge-dialog dialog');
    this.issuer = page.frameLocator('svc-challenge-dialog iframe').frameLocator('iframe');
  }

  get frame(): Locator {
    return this.page.locator('svc-challenge-dialog iframe');
  }

  async expectOpen(): Promise<void> {
    try {
      await expect(this.dialog).toBeVisible();
    } catch (error) {
      // What the page told the shopper instead (a refusal, a 3DS step that hung), for whoever reads a
      // failed run without its trace.
      const said = await this.page
        .locator('[role=status],[aria-live]')
        .allInnerTexts()
        .catch(() => []);
      const first = error instanceof Error ? error.message.split('\n')[0] : String(error);
      const message = `${first ?? ''} No challenge dialog; the page's live regions said: ${JSON.stringify(said)}`;
      throw new Error(message, { cause: error });
    }
    await expect(this.issuer.getByRole('heading', { name: 'Confirm your purchase' })).toBeVisible();
  }

  async expectClosed(): Promise<void> {
    await expect(this.page.locator('svc-challenge-dialog')).toHaveCount(0);
  }

  async authenticate(code: string): Promise<void> {
    await this.issuer.getByLabel('One-time code').fill(code);
    await this.issuer.getByRole('button', { name: 'Authenticate' }).click();
  }

  async fail(): Promise<void> {
    await this.issuer.getByRole('button', { name: 'Fail authentication' }).click();
  }

  async cancelAtIssuer(): Promise<void> {
    await this.issuer.getByRole('button', { name: 'Cancel' }).click();
  }
}
