import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconCircleCheck } from '@tabler/icons-react';
import type { TCampaignPerson } from '@virality/domain';
import { dayText, type TFeeDue, usd } from '../lib/campaign-view';

const nameOf = (p: TCampaignPerson) => p.name || p.userName || 'The influencer';

/**
 * The owner's prompt at the top of the campaign: an influencer delivered everything and the agreed fee is still to
 * pay, with Pay opening the payment with that amount filled in (within what is left of the budget).
 */
export function FeeDuePrompt({ fee, onPay }: { fee: TFeeDue; onPay: (amount: number) => void }) {
  const { influencer, due, payable } = fee;
  const name = nameOf(influencer.user);
  const on = influencer.delivery?.completedAt ? ` on ${dayText(influencer.delivery.completedAt)}` : '';
  return (
    <Paper
      component="section"
      aria-label={`Fee due to ${name}`}
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="fee-due"
      style={{ background: '#EEF9F1', border: '1px solid #A9DDB9' }}
    >
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 280px' }}>
          <ThemeIcon size={36} radius="xl" variant="white" c="#1B6E37" aria-hidden style={{ flex: 'none' }}>
            <IconCircleCheck size={22} stroke={1.75} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Text fw={650} c="#0F4D25" style={{ overflowWrap: 'anywhere' }}>
              {name} delivered everything{on}.
            </Text>
            <Text size="sm" c="#1F3B2A">
              Pay the agreed fee of <b style={{ fontVariantNumeric: 'tabular-nums' }}>{usd(due)}</b>.
              {payable < due && ` ${usd(payable)} of the budget can be paid now.`}
            </Text>
          </Stack>
        </Group>
        {/* under the words on a phone, lined up with them */}
        <Box style={{ flex: 'none' }} ml={{ base: 48, sm: 0 }}>
          <Button
            color="#1B6E37"
            leftSection={<IconCash size={18} aria-hidden />}
            onClick={() => onPay(payable)}
            aria-label={`Pay ${usd(payable)} to ${name}`}
          >
            Pay {usd(payable)}
          </Button>
        </Box>
      </Group>
    </Paper>
  );
}
