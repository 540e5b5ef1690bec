import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBulkImportResult, TBulkPreview } from '@virality/domain';
import { API_BASE, apiCall } from '../../../lib/api-client';

/** Where the template is downloaded from (a plain link: it needs no session). */
export const TEMPLATE_URL = `${API_BASE.main}/posts/bulk/template.csv`;

/** The chosen file's bytes as text/csv, whatever type the browser gave it (Windows calls CSV files Excel's). */
const asCsv = (file: Blob) => new Blob([file], { type: 'text/csv' });

/** POST posts/bulk/preview: each row with its errors; nothing is made. */
export async function previewBulk(file: Blob): Promise<TBulkPreview> {
  return (await apiCall<TBulkPreview>('posts/bulk/preview', { method: 'POST', body: asCsv(file) })).response;
}

/**
 * POST posts/bulk: every row's post or none. `importKey` is the file's own (the same on a retry, so a lost answer
 * never imports twice); `confirmDuplicate` imports a file imported before all the same.
 */
export async function importBulk(input: {
  file: Blob;
  importKey: string;
  confirmDuplicate: boolean;
}): Promise<{ message: string; result: TBulkImportResult }> {
  const res = await apiCall<TBulkImportResult>('posts/bulk', {
    method: 'POST',
    body: asCsv(input.file),
    headers: { 'idempotency-key': input.importKey },
    query: input.confirmDuplicate ? { confirmDuplicate: 'true' } : undefined,
  });
  return { message: res.message, result: res.response };
}

export const usePreviewBulk = () => useMutation({ mutationFn: previewBulk });

export function useImportBulk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importBulk,
    // the lists, the calendar and the dashboard show the new posts
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
