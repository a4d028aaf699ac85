import type { BrowserContext } from '@playwright/test';

/** Every document of the context, frames included, records violations of its own policy in `window.violations`. */
export async function watchViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { violations: string[] }).violations = found;
    document.addEventListener('securitypolicyviolation', (event) => {
      // Firefox reports the test driver's own injected scripts ("… > eval"); they are not the page's.
      if (!event.sourceFile.includes(' > eval'))
        found.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
}
