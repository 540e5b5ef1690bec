import { Badge } from '@mantine/core';
import type { TAdminNews } from '@virality/domain';

export type TShownStatus = 'Draft' | 'Scheduled' | 'Published';

/**
 * What an article is for a visitor now: a draft, published, or published from a date still to come. The server
 * says which (`live`, on the product clock), never this browser's clock, which may be set otherwise.
 */
export function shownStatus(n: Pick<TAdminNews, 'status' | 'live'>): TShownStatus {
  if (n.status === 'DRAFT') return 'Draft';
  return n.live ? 'Published' : 'Scheduled';
}

const COLOURS: Record<TShownStatus, string> = { Draft: 'gray', Scheduled: 'orange', Published: 'green' };

export function NewsStatusBadge({ news }: { news: Pick<TAdminNews, 'status' | 'live'> }) {
  const s = shownStatus(news);
  return (
    <Badge color={COLOURS[s]} variant="light">
      {s}
    </Badge>
  );
}
