import type { Page } from '@playwright/test';
import { createCompletedInfluencer } from './support/api';
import { expect, test } from './support/fixtures';

// The public pages come as HTML with their content in it: the landing page, the log-in and sign-up forms, the terms,
// the privacy policy and help rendered when the app is built, pricing and the news room by the server as they are
// asked for, with the plans and articles of that moment. A visitor on a slow phone reads them before any of the app's
// JavaScript has run; the app then takes the page over as it is (the same elements, no second drawing, no error) and
// it works as before.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;

const PAGES: [path: string, heading: string][] = [
  ['/', 'Publish everywhere at once. Grow your reach with Virality.'],
  ['/login', 'Login'],
  ['/signup', 'Create your account'],
  ['/terms', 'Terms of Service'],
  ['/privacypolicy', 'Privacy Policy'],
  ['/help-support', 'Help & Support'],
  ['/pricing', 'Plans that grow with your audience'],
  ['/news-room', 'News from Virality'],
];

for (const [label, viewport] of SIZES) {
  test(`the public pages show their content without the app's JavaScript, ${label}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      // styled as the app draws it: the header's logo link and no sideways scroll
      await expect(page.getByRole('link', { name: 'Virality' }).first(), path).toBeVisible();
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scroll, `${path} is wider than the window`).toBeLessThanOrEqual(client);
    }
    await page.goto('/login');
    await expect(page.getByLabel('Email / Phone')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    // what the API answers is in the HTML too: the plans with their prices, the news room's sections
    await page.goto('/pricing');
    for (const plan of ['Starter', 'Professional'])
      await expect(page.getByRole('article', { name: plan, exact: true }).getByText(/\$\d/).first()).toBeVisible();
    await page.goto('/news-room');
    for (const section of ['Highlights', 'Latest press releases', 'Media coverage'])
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    await context.close();
  });
}

/**
 * Before the page loads: collects the errors the page reports (a mismatch between the HTML and the app is reported as
 * one), and marks the heading the HTML brought (`data-from-html`) before any of the app's scripts run (they run once
 * the HTML is parsed). Returns the errors, filled as they come.
 */
async function watchTakeOver(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        document.querySelectorAll('h1, h2, h3').forEach((h) => {
          h.setAttribute('data-from-html', '');
        });
    });
  });
  return errors;
}

test('the app takes over a page rendered at build time as it is: the same elements, no error, and the form works', async ({
  page,
}) => {
  const errors = await watchTakeOver(page);
  await page.goto('/login');
  // the app has taken over once its Google button has its config and its label
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.locator('h1[data-from-html]')).toHaveText('Login');
  // taken over without a complaint (a mismatch between the HTML and the app is reported as an error)
  expect(errors).toEqual([]);
  // the form is the app's: what is typed is sent, and the server's answer shown
  await page.getByLabel('Email / Phone').fill('nobody-here@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email / phone or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

for (const [path, heading, fromApi] of [
  ['/pricing', 'Plans that grow with your audience', 'Starter'],
  ['/news-room', 'News from Virality', 'Latest press releases'],
] as const) {
  test(`${path} comes with what the API answers in its HTML and the app takes it over on the first intent, for a first visit on a phone`, async ({
    browser,
  }) => {
    // a first visit: no answer to the cookie notice yet, a phone's width
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: { cookies: [], origins: [] },
    });
    const page = await context.newPage();
    const errors = await watchTakeOver(page);
    const app = await holdTheApp(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('h1[data-from-html]')).toHaveText(heading);
    await expect(page.getByRole('heading', { name: fromApi, exact: true })).toHaveAttribute('data-from-html', '');
    expect(app.asked(), 'the app was asked for before any intent').toBe(false);
    await page.mouse.move(20, 20);
    await expect.poll(app.asked).toBe(true);
    app.release();
    // the app's own: its menu opens
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Pricing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: fromApi, exact: true })).toHaveAttribute('data-from-html', '');
    // taken over without a complaint (a mismatch between the HTML and the app is reported as an error)
    expect(errors).toEqual([]);
    await context.close();
  });
}

/** The app's entry script (the boot file asks for it): `held` until `release` is called. */
async function holdTheApp(page: Page): Promise<{ asked: () => boolean; release: () => void }> {
  let asked = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { asked: () => asked, release };
}

for (const [label, viewport] of SIZES) {
  test.describe(label, () => {
    test.use({ viewport });

    test('a page whose content is its HTML asks for no script of the app until the visitor shows an intent', async ({ page }) => {
      const app = await holdTheApp(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('region', { name: 'Frequently asked questions' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(app.asked(), 'the app was asked for before any intent').toBe(false);
      await page.mouse.move(20, 20);
      await expect.poll(app.asked).toBe(true);
      app.release();
    });

    test("what a visitor types and sends before the app is live is sent once it is, never to the page's address", async ({
      page,
      request,
    }) => {
      const user = await createCompletedInfluencer(request);
      const app = await holdTheApp(page);
      await page.goto('/login');
      await page.getByLabel('Email / Phone').fill(user.email as string);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect.poll(app.asked).toBe(true);
      // nothing was sent: the page is where it was, with no password in its address
      expect(page.url()).toMatch(/\/login$/);
      await expect(page.getByLabel('Email / Phone')).toHaveValue(user.email as string);
      app.release();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
    });

    test('a tap made before the app is live is done once it is', async ({ page }) => {
      const app = await holdTheApp(page);
      await page.goto('/');
      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      const question = faq.getByRole('button', { name: 'How much does it cost?' });
      await question.click();
      await expect.poll(app.asked).toBe(true);
      await expect(question).toHaveAttribute('aria-expanded', 'false');
      app.release();
      await expect(question).toHaveAttribute('aria-expanded', 'true');
    });
  });
}
