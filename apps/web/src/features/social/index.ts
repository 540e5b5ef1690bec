export { useSocialAccounts, useUnlinkAccount } from './api/social-accounts';
export { MessagePage } from './components/message-page';
export { SocialAccountsPage } from './components/social-accounts-page';
export { SocialReturnPage } from './components/social-return-page';
