import type { TAdminNews } from '@virality/domain';
import { StateBadge, type TTone } from '../../admin/components/state-badge';

export type TShownStatus = 'Draft' | 'Scheduled' | 'Published';

/**
 * What an article is for a visitor now: a draft, published, or published from a date still to come. The server
 * says which (`live`, on the product clock), never this browser's clock, which may be set otherwise.
 */
export function shownStatus(n: Pick<TAdminNews, 'status' | 'live'>): TShownStatus {
  if (n.status === 'DRAFT') return 'Draft';
  return n.live ? 'Published' : 'Scheduled';
}

/** The console's readable tones (at least 4.5:1): Mantine's light green and orange are too pale for their words. */
const TONES: Record<TShownStatus, TTone> = { Draft: 'neutral', Scheduled: 'warn', Published: 'ok' };

export function NewsStatusBadge({ news }: { news: Pick<TAdminNews, 'status' | 'live'> }) {
  const s = shownStatus(news);
  return <StateBadge tone={TONES[s]}>{s}</StateBadge>;
}
