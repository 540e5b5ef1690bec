import { Button } from '@mantine/core';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { dayInZone } from '@virality/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { usePageParam } from '../../posts/components/list-parts';
import { browserZone } from '../api/keys';
import { useCampaigns } from '../api/list-campaigns';
import { OwnedCampaignCard } from './campaign-card';
import { CampaignList } from './campaign-list';
import { CampaignFrame } from './campaign-parts';

/** /campaigns: an IMC's or a brand's own campaigns, newest first, 10 a page, and the way to a new one. */
export function CampaignsPage() {
  const [page, setPage] = usePageParam();
  const query = useCampaigns(page);
  const [today] = useState(() => dayInZone(new Date(), browserZone()));
  const create = (
    <Button component={Link} to={paths.createCampaign} leftSection={<IconPlus size={18} aria-hidden />}>
      Create Campaign
    </Button>
  );
  return (
    <CampaignFrame
      title="Campaigns"
      subtitle="Your campaigns, newest first: their days, budget and influencers."
      actions={query.data && query.data.total > 0 ? create : undefined}
    >
      <CampaignList
        query={query}
        name="campaigns"
        page={page}
        onPage={setPage}
        empty={
          <EmptyState
            icon={<IconSpeakerphone size={24} />}
            title="No campaigns yet"
            line="Create your first campaign: write the brief, set a budget and tag the influencers you want to work with."
            action={
              <Button component={Link} to={paths.createCampaign} leftSection={<IconPlus size={18} aria-hidden />} mt="xs">
                Create Campaign
              </Button>
            }
          />
        }
        card={(c) => <OwnedCampaignCard key={c._id} campaign={c} today={today} />}
      />
    </CampaignFrame>
  );
}
