import { IconSpeakerphone } from '@tabler/icons-react';
import { CAMPAIGN_INFLUENCER_ROLE } from '@virality/domain';
import { EmptyState } from '../../../components/empty-state';
import { useCurrentUser } from '../../../lib/use-current-user';
import { usePageParam } from '../../posts/components/list-parts';
import { useTaggedCampaigns } from '../api/tagged-campaigns';
import { TaggedCampaignCard } from './campaign-card';
import { CampaignList } from './campaign-list';
import { CampaignFrame } from './campaign-parts';

/** What the list says before the influencer is tagged anywhere. */
export const TAGGED_EMPTY = "You haven't been tagged in a campaign yet";

/**
 * /tagged: the campaigns an influencer is tagged in, newest first, 10 a page; an invitation is answered right here.
 * Every role may open it; only an influencer is ever tagged, so the others are told so beside the empty list.
 */
export function TaggedCampaignsPage() {
  const [page, setPage] = usePageParam();
  const query = useTaggedCampaigns(page);
  const taggable = useCurrentUser().data?.profileType === CAMPAIGN_INFLUENCER_ROLE;
  return (
    <CampaignFrame
      title="Tagged campaigns"
      subtitle={
        taggable
          ? 'Campaigns brands have tagged you in. Accept one to post for it.'
          : 'The campaigns an influencer is tagged in. Your own campaigns are under Campaigns.'
      }
    >
      <CampaignList
        query={query}
        name="tagged campaigns"
        page={page}
        onPage={setPage}
        empty={
          <EmptyState
            icon={<IconSpeakerphone size={24} />}
            title={TAGGED_EMPTY}
            line={
              taggable
                ? 'When a brand or an agency tags you in a campaign, it shows here and you are told.'
                : 'Brands and agencies tag influencers in their campaigns: an influencer account sees them here.'
            }
          />
        }
        card={(c) => <TaggedCampaignCard key={c._id} campaign={c} />}
      />
    </CampaignFrame>
  );
}
