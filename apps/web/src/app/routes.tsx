import { type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { LandingPage } from '../features/landing/components/landing-page';
import { readLiveSession } from '../lib/session';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';

const auth = () => import('../features/auth');
const onboarding = () => import('../features/onboarding');
// Only the team pages use a date picker: its styles come with them, after Mantine's core styles.
const team = async () => (await Promise.all([import('../features/team'), import('@mantine/dates/styles.css')]))[0];
// The scheduled posts (reschedule's date picker) and the drafts (the composer's) bring the date picker's styles.
const posts = async () => (await Promise.all([import('../features/posts'), import('@mantine/dates/styles.css')]))[0];
const profileRoute = () => import('./pages/profile-route');
const profile = () => import('../features/profile');
const social = () => import('../features/social');
const analytics = () => import('../features/analytics');
const calendar = () => import('../features/calendar');
const bulkImport = () => import('../features/bulk-import');
// the slot editor's time input brings the date pickers' styles
const queue = async () => (await Promise.all([import('../features/queue'), import('@mantine/dates/styles.css')]))[0];
const billing = () => import('../features/billing');
// the return from a payment page: a plan's checkout (billing) or PayPal's approval of a brand's payment (money)
const paymentReturnRoute = () => import('./pages/payment-return-route');
const notFound = () => import('../features/misc/components/not-found-page');
const legal = () => import('../features/legal');
// the wallet's chart brings the charts' styles with it
const points = async () => (await Promise.all([import('../features/points'), import('@mantine/charts/styles.css')]))[0];
const notifications = () => import('../features/notifications');
// campaigns and money: the campaign page's and the create form's date pickers bring their styles
const campaigns = async () => (await Promise.all([import('../features/campaigns'), import('@mantine/dates/styles.css')]))[0];
const money = () => import('../features/money');
// the admin console: its own chunk, and each of its sections one more
const admin = () => import('../features/admin');
const news = () => import('../features/news');
// The logged-in side (role guard, header, notifications) is loaded with the first logged-in page, so the
// public pages do not carry it.
const guards = () => import('./guards');
const appLayout = () => import('./layouts/app-layout');

/**
 * Every route built so far. The public frame and the landing page come with the entry (/ paints
 * without a second round trip); every other page, the guards and the logged-in layout are lazy-loaded.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                index: true,
                // A logged-in visitor on / goes to /home.
                loader: () => (readLiveSession() ? redirect(paths.home) : null),
                Component: LandingPage,
              },
              { path: paths.selectProfileType, lazy: async () => ({ Component: (await auth()).SelectProfileTypePage }) },
              { path: paths.registration, lazy: async () => ({ Component: (await auth()).RegistrationPage }) },
              { path: paths.imcRegistration, lazy: async () => ({ Component: (await auth()).ImcRegistrationPage }) },
              { path: paths.signup, lazy: async () => ({ Component: (await auth()).SignUpPage }) },
              { path: paths.registrationOtp, lazy: async () => ({ Component: (await auth()).RegistrationOtpPage }) },
              { path: paths.login, lazy: async () => ({ Component: (await auth()).LoginPage }) },
              { path: paths.forgotPassword, lazy: async () => ({ Component: (await auth()).ForgotPasswordPage }) },
              { path: paths.verifyOtp, lazy: async () => ({ Component: (await auth()).VerifyOtpPage }) },
              { path: paths.createNewPassword, lazy: async () => ({ Component: (await auth()).CreateNewPasswordPage }) },
              { path: paths.redirect, lazy: async () => ({ Component: (await auth()).GoogleRedirectPage }) },
              // the end of a linking flow the mobile app started (from=call): no web session needed
              { path: paths.message, lazy: async () => ({ Component: (await social()).MessagePage }) },
              {
                path: paths.pricing,
                // a logged-in visitor buys from the account's pricing page
                loader: () => (readLiveSession() ? redirect(paths.profilePricing) : null),
                lazy: async () => {
                  const { PricingPage } = await billing();
                  return { Component: () => <PricingPage mode="public" /> };
                },
              },
              {
                path: paths.team,
                lazy: async () => ({
                  Component: (await import('../features/landing/components/founders-page')).FoundersPage,
                }),
              },
              // help and legal pages (public; the hub has its own copies under /profile)
              { path: paths.terms, lazy: async () => ({ Component: (await legal()).TermsPage }) },
              { path: paths.privacyPolicy, lazy: async () => ({ Component: (await legal()).PrivacyPolicyPage }) },
              { path: paths.pop, loader: () => redirect(paths.privacyPolicy) },
              // the wallet's older address: its filters (the query) go along
              { path: paths.transactions, loader: ({ request }) => redirect(`${paths.wallet}${new URL(request.url).search}`) },
              { path: paths.helpSupport, lazy: async () => ({ Component: (await legal()).HelpSupportPage }) },
              {
                path: '*',
                lazy: async () => ({ Component: (await notFound()).NotFoundPage }),
              },
            ],
          },
          {
            // Where the hosted checkout sends the browser back: public, with the logged-in header when signed in.
            lazy: async () => {
              const { AppLayout } = await appLayout();
              return { Component: () => (readLiveSession() ? <AppLayout /> : <PublicLayout />) };
            },
            children: [
              { path: paths.pricingSuccess, lazy: async () => ({ Component: (await billing()).PaymentSuccessPage }) },
              { path: paths.paymentFailed, lazy: async () => ({ Component: (await billing()).PaymentFailedPage }) },
              { path: paths.paymentReturn, lazy: async () => ({ Component: (await paymentReturnRoute()).PaymentReturnRoute }) },
            ],
          },
          {
            // The news room: public, with the logged-in header when signed in (the navigation's News leads here).
            lazy: async () => {
              const { AppLayout } = await appLayout();
              return { Component: () => (readLiveSession() ? <AppLayout /> : <PublicLayout />) };
            },
            children: [
              { path: paths.newsRoom, lazy: async () => ({ Component: (await news()).NewsRoomPage }) },
              { path: paths.allNews, lazy: async () => ({ Component: (await news()).AllNewsPage }) },
              { path: paths.newsArticle, lazy: async () => ({ Component: (await news()).NewsArticlePage }) },
            ],
          },
          // Onboarding pages bring their own OnboardingLayout (logo-only header).
          { path: paths.userProfile, lazy: async () => ({ Component: (await onboarding()).UserProfilePage }) },
          { path: paths.interest, lazy: async () => ({ Component: (await onboarding()).InterestPage }) },
          { path: paths.userInterest, lazy: async () => ({ Component: (await onboarding()).InterestPage }) },
          { path: paths.congratulation, lazy: async () => ({ Component: (await onboarding()).CongratulationPage }) },
          { path: paths.phoneVerify, lazy: async () => ({ Component: (await onboarding()).PhoneVerifyPage }) },
          // A sub-user's invitation link (public; brings its own onboarding-style layout).
          { path: paths.setPassword, lazy: async () => ({ Component: (await team()).SetPasswordPage }) },
          // the admin console (ADMIN only; its guard and sections are its own)
          { path: `${paths.admin}/*`, lazy: async () => ({ Component: (await admin()).AdminConsole }) },
          {
            // The confirm dialogs (modals.openConfirmModal) are only opened on logged-in pages: their host wraps
            // them, so it is there before any of them can open one, and @mantine/modals stays off the public pages.
            lazy: async () => {
              const [{ RoleGuard }, { ModalsProvider }] = await Promise.all([guards(), import('@mantine/modals')]);
              return {
                Component: () => (
                  <ModalsProvider>
                    <RoleGuard />
                  </ModalsProvider>
                ),
              };
            },
            children: [
              {
                lazy: async () => ({ Component: (await appLayout()).AppLayout }),
                children: [
                  { path: paths.home, lazy: async () => ({ Component: (await import('./pages/home-route')).HomeRoute }) },
                  { path: paths.allSchedulePost, lazy: async () => ({ Component: (await posts()).ScheduledPostsPage }) },
                  { path: paths.allRecentPost, lazy: async () => ({ Component: (await posts()).RecentPostsPage }) },
                  {
                    path: paths.postOverview,
                    // the media carousel's and the charts' styles come with the page that uses them
                    lazy: async () => {
                      const [{ PostOverviewPage }] = await Promise.all([
                        analytics().then((a) => a.postOverviewPage()),
                        import('@mantine/carousel/styles.css'),
                        import('@mantine/charts/styles.css'),
                      ]);
                      return { Component: PostOverviewPage };
                    },
                  },
                  { path: paths.postDraft, lazy: async () => ({ Component: (await posts()).DraftsPage }) },
                  { path: paths.postDraftPage, lazy: async () => ({ Component: (await posts()).DraftsPage }) },
                  { path: paths.notifications, lazy: async () => ({ Component: (await notifications()).NotificationsPage }) },
                  { path: paths.campaigns, lazy: async () => ({ Component: (await campaigns()).CampaignsPage }) },
                  { path: paths.createCampaign, lazy: async () => ({ Component: (await campaigns()).CreateCampaignPage }) },
                  { path: paths.campaign, lazy: async () => ({ Component: (await campaigns()).CampaignPage }) },
                  // the report's chart brings the charts' styles with it
                  {
                    path: paths.campaignReport,
                    lazy: async () => {
                      const [{ CampaignReportPage }] = await Promise.all([campaigns(), import('@mantine/charts/styles.css')]);
                      return { Component: CampaignReportPage };
                    },
                  },
                  { path: paths.tagged, lazy: async () => ({ Component: (await campaigns()).TaggedCampaignsPage }) },
                  { path: paths.transactionDetail, lazy: async () => ({ Component: (await money()).TransactionDetailPage }) },
                  // Create post is the navigation's (app-layout), always in sight
                  { path: paths.calender, lazy: async () => ({ Component: (await calendar()).CalendarPage }) },
                  { path: paths.bulkImport, lazy: async () => ({ Component: (await bulkImport()).BulkImportPage }) },
                  { path: paths.queue, lazy: async () => ({ Component: (await queue()).QueuePage }) },
                  // the hub holds the billing feature's subscription summary (composed in app/)
                  { path: paths.profile, lazy: async () => ({ Component: (await profileRoute()).ProfileRoute }) },
                  { path: paths.accountDetails, lazy: async () => ({ Component: (await profile()).AccountDetailsPage }) },
                  { path: paths.address, lazy: async () => ({ Component: (await profile()).AddressPage }) },
                  { path: paths.pointWallet, lazy: async () => ({ Component: (await points()).PointWalletPage }) },
                  { path: paths.wallet, lazy: async () => ({ Component: (await money()).TransactionsPage }) },
                  { path: paths.pointRule, lazy: async () => ({ Component: (await points()).PointRulesPage }) },
                  {
                    path: paths.profilePrivacyPolicy,
                    lazy: async () => {
                      const { PrivacyPolicyPage } = await legal();
                      return { Component: () => <PrivacyPolicyPage place="hub" /> };
                    },
                  },
                  {
                    path: paths.profileSupport,
                    lazy: async () => {
                      const { HelpSupportPage } = await legal();
                      return { Component: () => <HelpSupportPage place="hub" /> };
                    },
                  },
                  { path: paths.profileFaq, lazy: async () => ({ Component: (await legal()).FaqPage }) },
                  {
                    path: paths.changePassword,
                    lazy: async () => ({
                      Component: (await import('../features/profile/components/change-password-page')).ChangePasswordPage,
                    }),
                  },
                  {
                    path: paths.apiKeys,
                    lazy: async () => ({ Component: (await import('./pages/api-keys-route')).ApiKeysRoute }),
                  },
                  {
                    path: paths.notificationSettings,
                    lazy: async () => ({
                      Component: (await import('./pages/notification-settings-route')).NotificationSettingsRoute,
                    }),
                  },
                  {
                    path: paths.profilePricing,
                    lazy: async () => {
                      const { PricingPage } = await billing();
                      return { Component: () => <PricingPage mode="account" /> };
                    },
                  },
                  { path: paths.addSocialMedia, lazy: async () => ({ Component: (await social()).SocialAccountsPage }) },
                  {
                    path: paths.socialReturn,
                    // a flow the mobile app started ends on /message, before any session check
                    loader: ({ request }) => {
                      const url = new URL(request.url);
                      return url.searchParams.get('from') === 'call' ? redirect(`${paths.message}${url.search}`) : null;
                    },
                    lazy: async () => ({ Component: (await social()).SocialReturnPage }),
                  },
                  // Team management: BUSINESS only through the domain route matrix (RoleGuard).
                  { path: paths.manageUsers, lazy: async () => ({ Component: (await team()).ManageUsersPage }) },
                  { path: paths.manageRoles, lazy: async () => ({ Component: (await team()).ManageRolesPage }) },
                  { path: paths.assignPermissions, lazy: async () => ({ Component: (await team()).AssignPermissionsPage }) },
                  { path: paths.createSubUser, lazy: async () => ({ Component: (await team()).CreateSubUserPage }) },
                  {
                    // The matrix lists updatesubuser under /profile for all roles; only a BUSINESS can use it.
                    lazy: async () => {
                      const { RequireRoles } = await guards();
                      return { Component: () => <RequireRoles roles={['BUSINESS']} /> };
                    },
                    children: [
                      { path: paths.updateSubUser, lazy: async () => ({ Component: (await team()).UpdateSubUserPage }) },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
