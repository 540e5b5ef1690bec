import { IconSpeakerphone } from '@tabler/icons-react';
import { EmptyState } from '../../../components/empty-state';
import { usePageParam } from '../../posts/components/list-parts';
import { useTaggedCampaigns } from '../api/tagged-campaigns';
import { TaggedCampaignCard } from './campaign-card';
import { CampaignList } from './campaign-list';
import { CampaignFrame } from './campaign-parts';

/** What the list says before the influencer is tagged anywhere. */
export const TAGGED_EMPTY = "You haven't been tagged in a campaign yet";

/** /tagged: the campaigns an influencer is tagged in, newest first, 10 a page; an invitation is answered right here. */
export function TaggedCampaignsPage() {
  const [page, setPage] = usePageParam();
  const query = useTaggedCampaigns(page);
  return (
    <CampaignFrame title="Tagged campaigns" subtitle="Campaigns brands have tagged you in. Accept one to post for it.">
      <CampaignList
        query={query}
        name="tagged campaigns"
        page={page}
        onPage={setPage}
        empty={
          <EmptyState
            icon={<IconSpeakerphone size={24} />}
            title={TAGGED_EMPTY}
            line="When a brand or an agency tags you in a campaign, it shows here and you are told."
          />
        }
        card={(c) => <TaggedCampaignCard key={c._id} campaign={c} />}
      />
    </CampaignFrame>
  );
}
