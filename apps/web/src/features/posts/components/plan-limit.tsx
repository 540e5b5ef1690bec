import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { COMPOSER_MSG, POST_MSG } from '@virality/domain';
import type { MouseEvent } from 'react';

/** The plans page, where a plan is bought or upgraded. */
export const PRICING_PATH = '/profile/pricing';

type TGo = (path: string) => void;

/** A link to the plans that stays in the app (the router's navigate) and still works as a plain link. */
function PricingLink({ go, children }: { go: TGo; children: string }) {
  return (
    <Anchor
      href={PRICING_PATH}
      fw={600}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        go(PRICING_PATH);
      }}
    >
      {children}
    </Anchor>
  );
}

/** 429 (or 402) from the count check or the post: the server's message, "Upgrade Your Plan" to continue. */
export function LimitExceeded({ message, go }: { message: string; go: TGo }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {message || POST_MSG.limitExceeded}
      </Text>
      <Text size="sm">
        <PricingLink go={go}>{COMPOSER_MSG.upgradePlan}</PricingLink> {COMPOSER_MSG.toContinue}
      </Text>
    </Stack>
  );
}

/** A free-tier influencer refused a post for its limit: "Post limit exceeded: you have used all your posts.", and the plans. */
export function FreeTierExceeded({ go }: { go: TGo }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {POST_MSG.freeTierExceeded}
      </Text>
      <Text size="sm">
        <PricingLink go={go}>{COMPOSER_MSG.switchToBusiness}</PricingLink> {COMPOSER_MSG.freeTierWait}
      </Text>
    </Stack>
  );
}

/** A free-tier influencer who has used its 5 posts: the plans, or waiting for the free tier to renew (no draft, no schedule). */
export function FreeTierReached({ go }: { go: TGo }) {
  return (
    <Alert color="orange" radius="md" icon={<IconLock size={20} aria-hidden />} title={POST_MSG.limitReached}>
      <Text size="sm">
        <PricingLink go={go}>{COMPOSER_MSG.switchToBusiness}</PricingLink> {COMPOSER_MSG.freeTierWait}
      </Text>
    </Alert>
  );
}
