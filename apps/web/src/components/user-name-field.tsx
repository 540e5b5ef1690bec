import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MSG, USERNAME_MAX } from '@virality/domain';
import type { ReactNode } from 'react';

type TProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
  checking: boolean;
  taken: boolean;
  available: boolean;
  suggestions: string[];
  /** The input's autocomplete hint: 'username' for the user's own name, 'off' for someone else's. */
  autoComplete: 'username' | 'off';
  /** How "required" is shown: announced to assistive technology (`aria`) or as the label's asterisk. */
  requiredMark: 'aria' | 'asterisk';
};

/**
 * The username input with its availability answer and, when taken, the free suggestions as buttons.
 * Pair it with useUserNameAvailability (lib/use-user-name-availability) for `checking`, `taken`,
 * `available` and `suggestions`.
 */
export function UserNameField({
  value,
  onChange,
  onBlur,
  error,
  checking,
  taken,
  available,
  suggestions,
  autoComplete,
  requiredMark,
}: TProps) {
  const shownError = error || (taken ? MSG.userNameTaken : undefined);
  let description: string | undefined;
  if (!shownError && checking) description = 'Checking availability…';
  else if (!shownError && available) description = 'Username is available';
  return (
    <Stack gap={6}>
      <TextInput
        label="Username"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\s/g, ''))}
        onBlur={onBlur}
        error={shownError}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={USERNAME_MAX}
        autoComplete={autoComplete}
        withAsterisk={requiredMark === 'asterisk'}
        aria-required={requiredMark === 'aria' || undefined}
      />
      {suggestions.length > 0 && (
        <Group gap="xs" aria-label="Username suggestions" role="group">
          <Text size="xs" c="dimmed">
            Try:
          </Text>
          {suggestions.map((s) => (
            <Button key={s} size="compact-xs" radius="xl" variant="light" onClick={() => onChange(s)}>
              {s}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
