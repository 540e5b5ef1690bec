export { CreateNewPasswordPage } from './components/create-new-password-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { GoogleRedirectPage } from './components/google-redirect-page';
export { LoginPage } from './components/login-page';
export { RegistrationOtpPage } from './components/registration-otp-page';
export { SelectProfileTypePage } from './components/select-profile-type-page';
export { ImcRegistrationPage, RegistrationPage, SignUpPage } from './components/sign-up-pages';
export { VerifyOtpPage } from './components/verify-otp-page';
