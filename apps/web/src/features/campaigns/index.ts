export { CampaignPage } from './components/campaign-page';
export { CampaignsPage } from './components/campaigns-page';
export { CreateCampaignPage } from './components/create-campaign-page';
export { TaggedCampaignsPage } from './components/tagged-campaigns-page';
