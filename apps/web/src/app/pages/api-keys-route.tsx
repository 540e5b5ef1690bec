import { ApiKeysPage } from '../../features/api-keys';
import { WebhooksSection } from '../../features/webhooks';

/** /profile/apikeys: the API keys feature's page with the webhooks feature's section below the keys. */
export function ApiKeysRoute() {
  return <ApiKeysPage extra={<WebhooksSection />} />;
}
