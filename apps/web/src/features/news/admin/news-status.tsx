import { Badge } from '@mantine/core';
import type { TAdminNews } from '@virality/domain';

export type TShownStatus = 'Draft' | 'Scheduled' | 'Published';

/** What an article is for a visitor now: a draft, published, or published from a date still to come. */
export function shownStatus(n: Pick<TAdminNews, 'status' | 'publishedAt'>, nowMs = Date.now()): TShownStatus {
  if (n.status === 'DRAFT') return 'Draft';
  return n.publishedAt && Date.parse(n.publishedAt) > nowMs ? 'Scheduled' : 'Published';
}

const COLOURS: Record<TShownStatus, string> = { Draft: 'gray', Scheduled: 'orange', Published: 'green' };

export function NewsStatusBadge({ news }: { news: Pick<TAdminNews, 'status' | 'publishedAt'> }) {
  const s = shownStatus(news);
  return (
    <Badge color={COLOURS[s]} variant="light">
      {s}
    </Badge>
  );
}
