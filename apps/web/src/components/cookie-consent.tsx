import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { CONSENT_DAYS, readConsent, saveConsent, type TConsent } from '../lib/consent';
import classes from './device-notices.module.css';
import { MobileBanner } from './mobile-banner';

/**
 * The cookie notice: shown until the visitor answers, and again once the answer is 30 days old. Accept lets
 * Virality keep optional data on the device (lib/consent); Decline keeps it to what the app needs to work.
 */
export function CookieConsent() {
  const [answered, setAnswered] = useState(() => readConsent() !== null);
  if (answered) return null;
  const answer = (choice: TConsent) => {
    saveConsent(choice);
    setAnswered(true);
  };
  return (
    <Paper component="section" aria-label="Cookie consent" className={classes.notice} withBorder shadow="lg" radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Cookies on Virality
        </Text>
        <Text size="sm">
          We store only what Virality needs to work, such as keeping you signed in. May we also remember your preferences on this
          device, like the notices you have already seen? No advertising cookies. Your answer is kept for {CONSENT_DAYS} days.{' '}
          <Anchor component={Link} to={`${paths.privacyPolicy}#cookies`} size="sm" underline="always">
            Privacy Policy
          </Anchor>
        </Text>
        <Group gap="sm" grow>
          <Button variant="default" onClick={() => answer('declined')}>
            Decline
          </Button>
          <Button onClick={() => answer('accepted')}>Accept</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The notices about this device, one at a time: the cookie notice first, then the mobile-app notice. */
export function DeviceNotices() {
  return (
    <>
      <CookieConsent />
      <MobileBanner />
    </>
  );
}
