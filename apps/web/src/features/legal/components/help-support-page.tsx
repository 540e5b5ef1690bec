import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconMail } from '@tabler/icons-react';
import { MSG } from '@virality/domain';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/auth-storage';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { FaqList } from './faq-list';
import { LegalCard, LegalPage, type TLegalPlace } from './legal-page';
import { Bullets, P } from './legal-text';

/** Copies the support address; says so, or says where to read it when the browser refuses. */
export async function copySupportEmail(): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(SUPPORT_EMAIL);
    notifySuccess(MSG.emailCopied);
  } catch {
    notifyError(`This browser did not let us copy. Our address is ${SUPPORT_EMAIL}`);
  }
}

function ContactCard() {
  return (
    <LegalCard>
      <Stack gap="md">
        <Title order={2} fz={18} fw={650}>
          Contact us by e-mail
        </Title>
        <P>Questions, problems with a post or a payment, or ideas: a person from our team reads every message.</P>
        <Group gap="sm">
          <Button
            variant="light"
            size="md"
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => void copySupportEmail()}
            aria-label={`Copy ${SUPPORT_EMAIL}`}
            styles={{ label: { whiteSpace: 'normal', wordBreak: 'break-all' } }}
          >
            {SUPPORT_EMAIL}
          </Button>
          <Button
            component="a"
            href={`mailto:${SUPPORT_EMAIL}`}
            variant="default"
            size="md"
            leftSection={<IconMail size={18} aria-hidden />}
          >
            Write an e-mail
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Click the address to copy it.
        </Text>
        <P>To help us answer in one go, tell us:</P>
        <Bullets
          items={[
            'the e-mail address or phone number of your account;',
            'what you were doing, and what you saw (a screenshot helps);',
            'for a post: the network and the time it was scheduled for.',
          ]}
        />
        <P>Never send us your password or a one-time code: we will never ask for them.</P>
      </Stack>
    </LegalCard>
  );
}

/** The links under the contact card in the hub: FAQ's (not for IMC, whose hub has none), privacy, terms. */
function HubLinks() {
  const role = readSession()?.role;
  return (
    <LegalCard>
      <Stack gap="xs">
        <Title order={2} fz={18} fw={650} mb={4}>
          More help
        </Title>
        {role !== 'IMC' && (
          <Anchor component={Link} to={paths.profileFaq} size="sm">
            FAQ's: adding Instagram, Facebook and YouTube accounts
          </Anchor>
        )}
        <Anchor component={Link} to={paths.profilePrivacyPolicy} size="sm">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to={paths.terms} size="sm">
          Terms of Service
        </Anchor>
      </Stack>
    </LegalCard>
  );
}

/** /help-support (public) and /profile/support (hub): contact by e-mail, with the FAQ on the public page. */
export function HelpSupportPage({ place = 'public' }: { place?: TLegalPlace }) {
  return (
    <LegalPage place={place} title="Help & Support" subtitle="We are here to help with Virality.">
      <ContactCard />
      {place === 'hub' ? (
        <HubLinks />
      ) : (
        <Stack gap="md" component="section" aria-labelledby="faq-title">
          <Title order={2} fz={20} fw={650} id="faq-title">
            Frequently asked questions
          </Title>
          <FaqList />
          <Text size="sm">
            Read our{' '}
            <Anchor component={Link} to={paths.terms} size="sm" underline="always">
              Terms of Service
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to={paths.privacyPolicy} size="sm" underline="always">
              Privacy Policy
            </Anchor>
            .
          </Text>
        </Stack>
      )}
    </LegalPage>
  );
}
