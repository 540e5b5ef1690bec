import { Alert, Button, Center, Chip, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MIN_INTERESTS, MSG, type TUser } from '@virality/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { OnboardingLayout } from '../../../components';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { saveSphIds } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/use-current-user';
import { addInfluencerSubscription } from '../api/add-inf-subs';
import { addUserOnSphDatabase } from '../api/add-user-on-sph-database';
import { useInterests } from '../api/get-interests';
import { updateUser } from '../api/update-user';
import { onboardingWords } from '../lib/onboarding-words';

/** /interest and /Userintrest: pick at least 3 interests, which completes registration. */
export function InterestPage() {
  const userQ = useCurrentUser();
  return (
    <OnboardingLayout>
      {userQ.data ? (
        <InterestForm user={userQ.data} />
      ) : userQ.error ? (
        <Alert color="red" title="Could not load your profile">
          {userQ.error.message}
        </Alert>
      ) : (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      )}
    </OnboardingLayout>
  );
}

function InterestForm({ user }: { user: TUser }) {
  const words = onboardingWords(user.profileType);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const interestsQ = useInterests();
  const [selected, setSelected] = useState<string[]>(() => user.interested ?? []);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const formError = useFormError();

  const known = new Set((interestsQ.data ?? []).map((i) => i.id));
  const picked = interestsQ.data ? selected.filter((id) => known.has(id)) : selected;
  const tooFew = picked.length < MIN_INTERESTS;

  const complete = async () => {
    setTried(true);
    formError.clear();
    if (tooFew) return;
    setBusy(true);
    try {
      await updateUser(user._id, { interested: picked });
      // Influencers get their FreeTier record (skipped when one already exists, e.g. on a retry).
      if (user.profileType === 'INFLUENCER' && !user.subscriptionDetails) await addInfluencerSubscription(user._id);
    } catch (err) {
      formError.show((err instanceof Error && err.message) || MSG.somethingWentWrong);
      setBusy(false);
      return;
    }
    try {
      const ids = await addUserOnSphDatabase(user._id);
      saveSphIds(ids.orgId, ids.sphUserId);
    } catch {
      formError.show(MSG.serverError);
      setBusy(false);
      return;
    }
    notifySuccess(MSG.registrationCompleted);
    await queryClient.invalidateQueries({ queryKey: ['user-status'] });
    setBusy(false);
    navigate(paths.congratulation);
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <Stack gap="md">
        <div>
          <Title order={2}>{words.interestTitle}</Title>
          <Text c="dimmed" size="sm">
            {words.interestLine}
          </Text>
        </div>
        <FormErrorAlert error={formError.error} />
        {interestsQ.isLoading && (
          <Center py="lg">
            <Loader aria-label="Loading interests" />
          </Center>
        )}
        {interestsQ.error && (
          <Alert color="red" role="alert">
            {interestsQ.error.message}
          </Alert>
        )}
        {interestsQ.data && (
          <Chip.Group multiple value={picked} onChange={setSelected}>
            <Group gap="xs" role="group" aria-label="Interests">
              {interestsQ.data.map((interest) => (
                <Chip key={interest.id} value={interest.id} variant="outline">
                  {interest.value}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        )}
        {tried && tooFew && (
          <Text c="red" size="sm" role="alert">
            {MSG.interestsMin}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {picked.length} selected
          </Text>
          <Button size="md" onClick={complete} disabled={busy || !interestsQ.data}>
            {busy ? 'Completing' : 'Proceed'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
