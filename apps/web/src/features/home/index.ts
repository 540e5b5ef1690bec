export { AccountsCard } from './components/accounts-card';
export { HomePage } from './components/home-page';
