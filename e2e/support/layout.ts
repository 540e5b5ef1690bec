import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The page scrolls only up and down: nothing on it is wider than the window. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(client);
}
