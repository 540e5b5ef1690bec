import { useMutation, useQuery } from '@tanstack/react-query';
import { MSG, type TApiResponse, type TCampaignReport } from '@virality/domain';
import { API_BASE, ApiError, apiCall, sessionEnded } from '../../../lib/api-client';
import { readSession } from '../../../lib/auth-storage';
import { fileNameFromDisposition, type TReportFile } from '../lib/report-view';
import { campaignKeys } from './keys';

const base = (id: string) => `campaigns/${encodeURIComponent(id)}`;

/** GET campaigns/:id/report: what the campaign bought (its owner only; 404 for anyone else's campaign). */
export async function getCampaignReport(id: string): Promise<TCampaignReport> {
  return (await apiCall<TApiResponse<'GET /campaigns/:id/report'>>(`${base(id)}/report`)).response;
}

export function useCampaignReport(id: string) {
  return useQuery({ queryKey: campaignKeys.report(id), queryFn: () => getCampaignReport(id), enabled: id !== '' });
}

/** Hands a file to the browser to save, under `name`. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has started saving by now; the address is freed a while later, never while it still reads it
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GET campaigns/:id/report.csv or .pdf, saved as a file. The API takes its session in a header, which a plain link
 * cannot send, so the file is fetched and handed to the browser to save under the name the server gives it. A refusal
 * throws ApiError with the server's words (a 401 ends the session as every other call's does). The file's name.
 */
export async function downloadCampaignReport(id: string, kind: TReportFile): Promise<string> {
  const session = readSession();
  const headers: Record<string, string> = {};
  if (session) headers['x-access-token'] = session.token;
  let res: Response;
  try {
    res = await fetch(`${API_BASE.main}/${base(id)}/report.${kind}`, { headers });
  } catch {
    throw new ApiError(MSG.networkLost, 0);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    if (res.status === 401) sessionEnded();
    throw new ApiError(json?.message || MSG.somethingWentWrong, res.status);
  }
  const name = fileNameFromDisposition(res.headers.get('content-disposition'), `campaign-report.${kind}`);
  saveFile(await res.blob(), name);
  return name;
}

export function useDownloadReport(id: string) {
  return useMutation({ mutationFn: (kind: TReportFile) => downloadCampaignReport(id, kind) });
}
