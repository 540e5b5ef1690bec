import { useQuery } from '@tanstack/react-query';
import type { TSocialAccount } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/** The same cache entry the accounts page reads, so a link or an unlink there shows here too. */
export const POSTING_ACCOUNTS_KEY = ['social-accounts'] as const;

/** POST social_media_accounts/: the accounts the caller may work with. */
export async function getPostingAccounts(): Promise<TSocialAccount[]> {
  return (await sph.post<TSocialAccount[]>('social_media_accounts/', {})).response ?? [];
}

export const usePostingAccounts = () => useQuery({ queryKey: POSTING_ACCOUNTS_KEY, queryFn: getPostingAccounts });
