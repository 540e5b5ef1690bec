import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';

/** Campaign journeys: days in a zone, the terms editor's choices, the report's downloads. */

/** A moment's day in `zone`, yyyy-MM-dd. */
export const dayIn = (at: number, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A day (yyyy-MM-dd) as the app writes it: 'Mar 20, 2027'. */
export const appDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * Chooses `option` in the select named `label` within `scope` (the terms editor's): Mantine's list on a desktop, the
 * phone's own select on a phone.
 */
export async function chooseIn(scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByLabel(label);
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    await field.selectOption({ label: option });
    return;
  }
  await field.click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

/** The campaign report CSV's header row. */
export const REPORT_CSV_HEADER =
  'Influencer,Network,Account,Format,Published (UTC),Views,Reach,Likes,Comments,Shares,Engagement,Link,Caption';

/** Starts a download with `click` and waits for the file: the download, its bytes and where it was saved. */
export async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ file: Download; bytes: Buffer; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { file, bytes: readFileSync(path), path };
}

/** A summary card of the campaign report (its label, value and line). */
export const reportFigure = (page: Page, key: string) => page.getByTestId(`figure-${key}`);

/**
 * A PDF's first page, as a person opening it sees it: drawn as a picture (`<outBase>.png`, to look at) and its text
 * (poppler's pdftoppm and pdftotext; the CI script installs them).
 */
export function firstPdfPage(pdfPath: string, outBase: string): { png: string; text: string } {
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdfPath, outBase]);
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', pdfPath, '-'], { encoding: 'utf8' });
  return { png: `${outBase}.png`, text };
}
