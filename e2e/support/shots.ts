import type { Locator, Page } from '@playwright/test';

/**
 * A screenshot for a person to look at (each screen at both widths, read as a user would): taken when the run asks
 * for them with E2E_SHOTS=1, at the path the journey names. A plain run (`npm test`, CI) takes none: nobody reads
 * them there, and a full-page capture costs the browser a whole page's drawing and encoding. A failing journey's
 * screenshot is Playwright's own (`screenshot: 'only-on-failure'`), taken either way.
 */
export async function shot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  await target.screenshot({ path: file, ...options });
}
