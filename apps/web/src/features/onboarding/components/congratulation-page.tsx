import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { OnboardingLayout } from '../../../components';
import { useCurrentUser } from '../../../lib/use-current-user';
import { onboardingWords } from '../lib/onboarding-words';

/** Confetti around the badge: [x, y, width, height, rotation, colour]. */
const CONFETTI: [number, number, number, number, number, string][] = [
  [18, 30, 10, 5, -30, 'var(--mantine-color-brand-4)'],
  [34, 12, 8, 4, 25, '#D6336C'],
  [100, 16, 10, 5, 40, '#F59F00'],
  [124, 38, 8, 4, -20, 'var(--mantine-color-brand-6)'],
  [12, 88, 8, 4, 60, '#F59F00'],
  [128, 96, 10, 5, -45, '#D6336C'],
  [30, 124, 10, 5, 15, 'var(--mantine-color-brand-6)'],
  [110, 126, 8, 4, 70, 'var(--mantine-color-brand-4)'],
];
const DOTS: [number, number, number, string][] = [
  [62, 8, 3, '#D6336C'],
  [8, 60, 2.5, 'var(--mantine-color-brand-6)'],
  [136, 66, 3, '#F59F00'],
  [74, 136, 2.5, '#D6336C'],
];

/** The congratulation picture: a violet badge with a check, in a burst of confetti. Decorative. */
export function CelebrationPicture() {
  return (
    <svg width={144} height={144} viewBox="0 0 144 144" aria-hidden="true" focusable="false" data-testid="celebration">
      <circle cx={72} cy={72} r={46} fill="var(--mantine-color-brand-0)" />
      <circle cx={72} cy={72} r={34} fill="var(--mantine-color-brand-6)" />
      <path d="M56 73 L67 84 L89 61" fill="none" stroke="#fff" strokeWidth={7} strokeLinecap="round" strokeLinejoin="round" />
      {CONFETTI.map(([x, y, w, h, r, fill]) => (
        <rect
          key={`${x}-${y}`}
          x={x - w / 2}
          y={y - h / 2}
          width={w}
          height={h}
          rx={1.5}
          fill={fill}
          transform={`rotate(${r} ${x} ${y})`}
        />
      ))}
      {DOTS.map(([cx, cy, r, fill]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} fill={fill} />
      ))}
    </svg>
  );
}

/**
 * /congratulation: the end of registration; Continue goes on to linking the social accounts (an agency, which links
 * none, goes home, where its plan comes first).
 */
export function CongratulationPage() {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const words = onboardingWords(user?.profileType ?? 'INFLUENCER');
  return (
    <OnboardingLayout>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={520} mx="auto">
        <Stack align="center" gap="md" ta="center">
          <CelebrationPicture />
          <Title order={2}>Congratulations!</Title>
          <Text c="dimmed">{words.doneLine}</Text>
          <Button size="md" onClick={() => navigate(words.doneTo)} data-autofocus>
            Continue
          </Button>
        </Stack>
      </Paper>
    </OnboardingLayout>
  );
}
