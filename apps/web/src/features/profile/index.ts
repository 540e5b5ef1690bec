export { AccountDetailsPage } from './components/account-details-page';
export { AddressPage } from './components/address-page';
export { ProfilePage } from './components/profile-page';
