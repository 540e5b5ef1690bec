import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails when axe finds a serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectNoSeriousA11y(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}

type TFixtures = {
  /** `await expectNoSeriousA11y()` checks the test's page; pass another page to check that one. */
  expectNoSeriousA11y: (page?: Page) => Promise<void>;
};

/** Playwright's `test` with the accessibility check as a fixture. */
export const test = base.extend<TFixtures>({
  expectNoSeriousA11y: async ({ page }, use) => {
    await use((other?: Page) => expectNoSeriousA11y(other ?? page));
  },
});
