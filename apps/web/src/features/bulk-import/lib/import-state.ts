import type { TBulkPreview } from '@virality/domain';

/** Whether the preview lets the file be imported: rows, and none with an error. */
export const canImport = (preview: TBulkPreview | null): boolean =>
  preview !== null && preview.rows.length > 0 && preview.errorRows === 0;

/** A moment as the page says it, in the reader's zone: "Tue 1 Jul 2031, 09:00". */
export function momentText(iso: string, zone?: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  });
}

/** What a preview's summary line says. */
export function summaryText(preview: TBulkPreview): string {
  const n = preview.rows.length;
  const posts = n === 1 ? '1 post' : `${n} posts`;
  if (preview.errorRows === 0) return `${posts} ready to import.`;
  const rows = preview.errorRows === 1 ? '1 row has errors' : `${preview.errorRows} rows have errors`;
  return `${posts} in the file: ${rows}. Fix them in the file and choose it again; nothing is imported until every row is right.`;
}

/** A fresh import key for a chosen file: kept while the same file is imported (retries send it again). */
export const newImportKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
