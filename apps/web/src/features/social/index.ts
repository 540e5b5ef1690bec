export { useSocialAccounts, useUnlinkAccount } from './api/social-accounts';
export { LinkAccountDialog } from './components/link-account-dialog';
export { MessagePage } from './components/message-page';
export { PendingPageChooser } from './components/page-chooser-modal';
export { SocialAccountsPage } from './components/social-accounts-page';
export { SocialReturnPage } from './components/social-return-page';
export { peekChooser, takeComposeAfterLink } from './lib/link-storage';
