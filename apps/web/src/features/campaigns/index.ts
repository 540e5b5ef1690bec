export { CampaignPage } from './components/campaign-page';
export { CampaignReportPage } from './components/campaign-report-page';
export { CampaignsPage } from './components/campaigns-page';
export { CreateCampaignPage } from './components/create-campaign-page';
export { MutedOwners } from './components/muted-owners';
export { TaggedCampaignsPage } from './components/tagged-campaigns-page';
