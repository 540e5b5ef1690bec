import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MSG, PROFILE_IMAGE_MAX_BYTES } from '@virality/domain';
import { uploadFailureMessage } from '../../../components/profile-photo-field';
import { notifyError } from '../../../lib/notify';
import { uploadNewsImage } from './api';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** A cover or author picture: uploaded through the server's image rules (2 MB, JPEG, PNG or WebP), kept by its address. */
export function ImageField({
  label,
  value,
  onChange,
  round,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  round?: boolean;
}) {
  const upload = useMutation({ mutationFn: uploadNewsImage });
  const pick = (file: File | null) => {
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return notifyError(MSG.imageTooLarge);
    upload.mutate(file, { onSuccess: onChange, onError: (e) => notifyError(uploadFailureMessage(e)) });
  };
  return (
    <Input.Wrapper label={label}>
      <Group gap="md" mt={4} wrap="wrap" align="center">
        {value ? (
          <Image src={value} alt={label} w={round ? 64 : 200} h={round ? 64 : 112} radius={round ? 'xl' : 'md'} fit="cover" />
        ) : null}
        <Stack gap={4}>
          <Group gap="xs">
            <FileButton onChange={pick} accept={ACCEPT} inputProps={{ 'aria-label': label }}>
              {(props) => (
                <Button {...props} variant="light" size="xs" loading={upload.isPending}>
                  {value ? 'Change' : 'Upload'}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button variant="subtle" color="gray" size="xs" onClick={() => onChange(null)}>
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP, up to 2 MB
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
