import type { TModule } from '../module-types';
import { adminModule } from './admin/module';
import { adminBillingModule } from './admin-billing/module';
import { adminOverviewModule } from './admin-overview/module';
import { analyticsModule } from './analytics/module';
import { apiKeysModule } from './api-keys/module';
import { authModule } from './auth/module';
import { bulkImportModule } from './bulk-import/module';
import { campaignsModule } from './campaigns/module';
import { eventsModule } from './events/module';
import { interestsModule } from './interests/module';
import { locationModule } from './location/module';
import { mcpModule } from './mcp/module';
import { mediaModule } from './media/module';
import { moneyModule } from './money/module';
import { newsModule } from './news/module';
import { notificationsModule } from './notifications/module';
import { paymentsModule } from './payments/module';
import { plansModule } from './plans/module';
import { pointsModule } from './points/module';
import { postsModule } from './posts/module';
import { publicApiModule } from './public-api/module';
import { pushModule } from './push/module';
import { queueModule } from './queue/module';
import { socialAccountsModule } from './social-accounts/module';
import { subscriptionsModule } from './subscriptions/module';
import { teamModule } from './team/module';
import { usersModule } from './users/module';
import { webhooksModule } from './webhooks/module';

/**
 * Every module of the server, in the order their services are built: a module may use the services of
 * those above it. Adding a module is one line here (its registration lives in modules/<name>/module.ts).
 */
export const MODULES: readonly TModule[] = [
  locationModule,
  interestsModule,
  // before the plans: a plan that ends, or is about to, tells its owner
  notificationsModule,
  subscriptionsModule,
  usersModule,
  authModule,
  apiKeysModule,
  // before every module whose changes make webhook events (campaigns, posts, payments, money)
  webhooksModule,
  teamModule,
  // before the posts: a post made for a campaign is checked by it, and the posts module registers its posts
  campaignsModule,
  eventsModule,
  socialAccountsModule,
  mediaModule,
  // after the linked accounts, before the posts (which queue posts and re-time them)
  queueModule,
  // before the posts: the publishing engine keeps levels as it records points
  pointsModule,
  postsModule,
  // bulk scheduling from a CSV file: each row made by the posts' service
  bulkImportModule,
  analyticsModule,
  // the public API: after every module whose services it offers
  publicApiModule,
  mcpModule,
  plansModule,
  paymentsModule,
  moneyModule,
  pushModule,
  // the console: after every module whose records it manages; a module whose admin calls record into the
  // audit log comes after it
  adminModule,
  newsModule,
  adminBillingModule,
  adminOverviewModule,
];
