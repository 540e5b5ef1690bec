export { contactVerification, sendContactOtp, showSaveError, type TContactOtpBody } from './save';
export { PhoneFields, ProfileAddressFields, ProfileContactFields, ProfileIdentityFields } from './sections';
export { addressOf, initialProfileValues, type TProfileValues } from './values';
