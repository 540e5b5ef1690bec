import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto, IconVideo } from '@tabler/icons-react';
import { UserAvatar } from '../../../components/user-avatar';

type TProps = {
  name: string;
  image: string | null;
  color: string | null;
  /** Opens the create-post dialog. */
  onOpen: () => void;
};

/** "What would you like to share?": the quick way into the create-post dialog, as social tools put it on top. */
export function ComposerBox({ name, image, color, onOpen }: TProps) {
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'sm', sm: 'md' }}>
      <Group gap="sm" wrap="nowrap">
        <UserAvatar name={name} image={image} color={color} size={40} aria-hidden />
        <UnstyledButton
          onClick={onOpen}
          style={{
            flex: 1,
            minWidth: 0,
            minHeight: 44,
            padding: '0 16px',
            borderRadius: 999,
            border: '1px solid var(--mantine-color-gray-4)',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text c="dimmed" size="sm" truncate="end">
              What would you like to share?
            </Text>
            <Group gap={6} wrap="nowrap" c="dimmed" aria-hidden>
              <IconPhoto size={18} stroke={1.75} />
              <IconVideo size={18} stroke={1.75} />
            </Group>
          </Group>
        </UnstyledButton>
      </Group>
    </Paper>
  );
}
