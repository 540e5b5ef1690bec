import type { TModule } from '../../module-types';
import { createPublishEngine, RECLAIM_EVERY_MS, SWEEP_EVERY_MS, type TPublishEngine } from './engine';
import { prepareJob, publishJob, publishSweepJob } from './jobs';
import { createPostsRepository } from './repository';
import { postsMainRoutes, postsSphRoutes } from './routes';
import { createPostsService, type TPostsService } from './service';

declare module '../../module-types' {
  interface TServices {
    posts: TPostsService;
    publishing: TPublishEngine;
  }
}

/** Posts: composing, drafts and approvals, scheduling, and the engine that publishes each target exactly once. */
export const postsModule: TModule = {
  name: 'posts',
  services({ config, db, changes, clock, unitOfWork, enqueue, cancelJob, services, metrics }) {
    const repo = createPostsRepository(db, changes);
    const publishing = createPublishEngine({
      repo,
      social: services.socialAccounts,
      notifications: services.notifications,
      points: services.points,
      clock,
      unitOfWork,
      enqueue,
      cancelJob,
      leaseSeconds: config.publishing.leaseSeconds,
      prepareAheadMs: config.publishing.prepareAheadMinutes * 60_000,
      // a photo a network will not take as uploaded is converted for it when the post is prepared or sent
      convert: (network, media) => services.mediaConverter.forNetwork(network, media),
      metrics,
      webhooks: services.webhooks,
      // a campaign's deliverables are counted as its posts go out, in the unit that writes each end
      campaigns: services.campaigns,
    });
    const posts = createPostsService({
      repo,
      engine: publishing,
      social: services.socialAccounts,
      media: services.media,
      subscriptions: services.subscriptions,
      notifications: services.notifications,
      users: services.users,
      team: services.team,
      campaigns: services.campaigns,
      clock,
      unitOfWork,
      cancelJob,
      changes,
      resultWaitMs: config.publishing.resultWaitMs,
      webhooks: services.webhooks,
      queue: services.queue,
    });
    // a schedule's change moves its accounts' queued posts, in the same unit of work
    services.queue.onChanged((orgId, accountIds) => posts.retimeQueues(orgId, accountIds));
    // a campaign shows the posts its influencers made for it
    services.campaigns.usePosts({
      forCampaign: (campaignId, authorIds) => posts.campaignPosts(campaignId, authorIds),
      preview: (campaignId, postId) => posts.campaignPostPreview(campaignId, postId),
      review: (input) => posts.reviewCampaignPost(input),
      deliveries: (campaignId, authorIds) => posts.campaignDeliveries(campaignId, authorIds),
      published: (campaignId) => posts.campaignPublished(campaignId),
    });
    return { posts, publishing };
  },
  routes: ({ services }) => [postsMainRoutes(services.posts)],
  sphRoutes: ({ services }) => [postsSphRoutes(services.posts)],
  jobs: ({ services, log, config }) => [
    publishJob({ engine: services.publishing, concurrency: config.publishing.concurrency }),
    ...(config.publishing.prepareAheadMinutes > 0
      ? [prepareJob({ engine: services.publishing, concurrency: config.publishing.prepareConcurrency })]
      : []),
    publishSweepJob({ engine: services.publishing, log }),
  ],
  // every few seconds, in every process: targets whose holder died are taken back, posts left unsettled settled
  watchers: ({ services, log }) => [
    {
      name: 'publish-reclaim',
      everyMs: RECLAIM_EVERY_MS,
      async run() {
        const done = await services.publishing.reclaim();
        if (done.reclaimed || done.settled) log.info(done, 'publish-reclaim took back held targets');
      },
    },
    // the minute's sweep runs as a job too, but a stately job a dead worker held keeps it waiting: every process
    // also sweeps by itself
    {
      name: 'publish-sweep',
      everyMs: SWEEP_EVERY_MS,
      async run() {
        const sent = await services.publishing.sweep();
        if (sent) log.info({ sent }, 'publish-sweep sent stranded targets again');
      },
    },
  ],
};
