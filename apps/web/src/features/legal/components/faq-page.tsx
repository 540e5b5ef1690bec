import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { FaqList } from './faq-list';
import { LegalPage } from './legal-page';

/** /profile/faq: how to add Instagram, Facebook and YouTube accounts. */
export function FaqPage() {
  return (
    <LegalPage place="hub" title="FAQ's" subtitle="Adding your social media accounts">
      <Stack gap="md">
        <FaqList />
        <Text size="sm">
          Still stuck?{' '}
          <Anchor component={Link} to={paths.profileSupport} size="sm" underline="always">
            Contact Help &amp; Support
          </Anchor>
          .
        </Text>
      </Stack>
    </LegalPage>
  );
}
