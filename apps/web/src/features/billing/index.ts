export { PaymentFailedPage } from './components/payment-failed-page';
export { PaymentReturnPage } from './components/payment-return-page';
export { PaymentSuccessPage } from './components/payment-success-page';
export { PlanGate } from './components/plan-gate';
export { PricingPage } from './components/pricing-page';
export { PricingMenuEntry, SubscriptionInfo } from './components/subscription-info';
