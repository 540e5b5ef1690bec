export { FaqPage } from './components/faq-page';
export { HelpSupportPage } from './components/help-support-page';
export { PrivacyPolicyPage } from './components/privacy-policy-page';
export { TermsPage } from './components/terms-page';
