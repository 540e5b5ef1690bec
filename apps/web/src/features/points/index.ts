export { PointRulesPage } from './components/point-rules-page';
export { PointWalletPage } from './components/point-wallet-page';
