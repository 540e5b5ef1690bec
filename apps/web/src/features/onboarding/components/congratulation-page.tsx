import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { OnboardingLayout } from '../../../components';
import { paths } from '../../../config/paths';

/** /congratulation: the end of registration; Continue goes to /home. */
export function CongratulationPage() {
  const navigate = useNavigate();
  return (
    <OnboardingLayout>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" maw={520} mx="auto">
        <Stack align="center" gap="md" ta="center">
          <Text fz={48} aria-hidden>
            🎉
          </Text>
          <Title order={2}>Congratulations!</Title>
          <Text c="dimmed">Your profile is ready. Link your social accounts and start publishing everywhere at once.</Text>
          <Button size="md" onClick={() => navigate(paths.addSocialMedia)} data-autofocus>
            Continue
          </Button>
        </Stack>
      </Paper>
    </OnboardingLayout>
  );
}
