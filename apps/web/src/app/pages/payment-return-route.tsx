import { useSearchParams } from 'react-router';
import { PaymentReturnPage } from '../../features/billing';
import { PaypalReturnPage } from '../../features/money';

/**
 * /payment/return: where a payment page sends the browser back. PayPal's approval of a brand's payment to an
 * influencer comes with `via=paypal` (the money feature captures it); anything else is a plan's checkout (billing).
 */
export function PaymentReturnRoute() {
  const [params] = useSearchParams();
  return params.get('via') === 'paypal' ? <PaypalReturnPage /> : <PaymentReturnPage />;
}
