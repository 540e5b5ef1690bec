import { type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { paths } from '../config/paths';
import { readLiveSession } from '../lib/session';
import { RequireRoles, RoleGuard } from './guards';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';

const auth = () => import('../features/auth');
const onboarding = () => import('../features/onboarding');
const team = () => import('../features/team');

/** Every route of seed 001 §2 built so far; each page is lazy-loaded. */
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
                lazy: async () => ({ Component: (await import('../features/landing/components/landing-page')).LandingPage }),
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
              {
                path: '*',
                lazy: async () => ({ Component: (await import('../features/misc/components/not-found-page')).NotFoundPage }),
              },
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
          {
            element: <RoleGuard />,
            children: [
              {
                element: <AppLayout />,
                children: [
                  { path: paths.home, lazy: async () => ({ Component: (await import('../features/home')).HomePage }) },
                  { path: paths.profile, lazy: async () => ({ Component: (await import('../features/profile')).ProfilePage }) },
                  // Team management: BUSINESS only through the domain route matrix (RoleGuard).
                  { path: paths.manageUsers, lazy: async () => ({ Component: (await team()).ManageUsersPage }) },
                  { path: paths.manageRoles, lazy: async () => ({ Component: (await team()).ManageRolesPage }) },
                  { path: paths.assignPermissions, lazy: async () => ({ Component: (await team()).AssignPermissionsPage }) },
                  { path: paths.createSubUser, lazy: async () => ({ Component: (await team()).CreateSubUserPage }) },
                  {
                    // The matrix lists updatesubuser under /profile for all roles; only a BUSINESS can use it.
                    element: <RequireRoles roles={['BUSINESS']} />,
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
