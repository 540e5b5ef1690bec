export * from './icons';
export { Logo } from './logo';
export { OnboardingLayout } from './onboarding-layout';
export { PageLoader } from './page-loader';
export { ProfilePhotoField } from './profile-photo-field';
export { PROFILE_TYPE_LABELS, profileTypeLabel } from './profile-type-label';
export { RouteError } from './route-error';
export { UserAvatar } from './user-avatar';
export { UserNameField } from './user-name-field';
