export { AccountsCard } from './components/accounts-card';
export { GetSetUp, type TSetUpStep } from './components/get-set-up';
export { HomePage } from './components/home-page';
