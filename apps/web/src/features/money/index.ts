export { PaypalReturnPage } from './components/paypal-return-page';
export { TransactionDetailPage } from './components/transaction-detail-page';
export { TransactionsPage } from './components/transactions-page';
