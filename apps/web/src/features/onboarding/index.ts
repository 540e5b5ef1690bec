export { CongratulationPage } from './components/congratulation-page';
export { InterestPage } from './components/interest-page';
export { PhoneVerifyPage } from './components/phone-verify-page';
export { UserProfilePage } from './components/user-profile-page';
