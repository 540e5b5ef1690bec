import type { TBulkPreview } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { canImport, momentText, summaryText } from './import-state';

const row = (errors: string[] = []) => ({
  row: 2,
  text: 'Hi',
  accounts: ['twitter:acme'],
  when: 'queue',
  queue: true,
  at: null,
  mediaCount: 1,
  errors,
});
const preview = (rows: ReturnType<typeof row>[]): TBulkPreview => ({
  rows,
  errorRows: rows.filter((r) => r.errors.length).length,
  fileSha256: 'x',
  importedBefore: null,
});

describe('the import page’s state', () => {
  it('imports only a file with rows and none with an error', () => {
    expect(canImport(null)).toBe(false);
    expect(canImport(preview([]))).toBe(false);
    expect(canImport(preview([row(), row()]))).toBe(true);
    expect(canImport(preview([row(), row(['Please write a caption'])]))).toBe(false);
  });

  it('says how many posts are ready, or how many rows have errors', () => {
    expect(summaryText(preview([row(), row()]))).toBe('2 posts ready to import.');
    expect(summaryText(preview([row(), row(['x'])]))).toMatch(/^2 posts in the file: 1 row has errors\./);
  });

  it('writes a moment in the reader’s zone', () => {
    expect(momentText('2031-07-01T07:00:00.000Z', 'Europe/Paris')).toBe('Tue, 1 Jul 2031, 09:00');
  });
});
