import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { MSG, PROFILE_IMAGE_MAX_BYTES } from '@virality/domain';
import { ApiError } from '../lib/api-client';
import { notifyError } from '../lib/notify';
import { avatarInitials } from './user-avatar';

const ACCEPT = 'image/png,image/jpeg,image/webp';

/** Refusals whose words come from the server: the file (too large, wrong type, unreadable) or too many uploads. */
const REFUSED = [400, 413, 415, 429];

/**
 * What a failed upload says: the server's own words when it refused the file; 'Image upload failed' when the
 * server failed to store it; 'Failed to upload image' when it never got there (no answer: offline, cut off).
 */
export function uploadFailureMessage(err: unknown): string {
  if (!(err instanceof ApiError) || err.status === 0) return MSG.imageUploadFailedAlt;
  return REFUSED.includes(err.status) && err.message ? err.message : MSG.imageUploadFailed;
}

type TProps = {
  value: string;
  name: string;
  onChange: (url: string) => void;
  /** The feature's upload call: sends the file, resolves to the stored image's URL. */
  upload: (file: File) => Promise<string>;
};

/**
 * Profile photo: picks an image, refuses one over 2 MB before sending it, uploads it with the
 * feature's call and hands the stored URL to the form.
 */
export function ProfilePhotoField({ value, name, onChange, upload: uploadFile }: TProps) {
  const upload = useMutation({ mutationFn: uploadFile });

  const handleFile = (file: File | null) => {
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      notifyError(MSG.imageTooLarge);
      return;
    }
    upload.mutate(file, {
      onSuccess: (url) => onChange(url),
      onError: (err) => notifyError(uploadFailureMessage(err)),
    });
  };

  return (
    <Group gap="md" align="center">
      <Avatar src={value || null} name={name || undefined} color="initials" size={72} radius="xl" alt="Profile photo">
        {avatarInitials(name) || null}
      </Avatar>
      <Stack gap={4}>
        <FileButton onChange={handleFile} accept={ACCEPT} inputProps={{ 'aria-label': 'Profile photo' }}>
          {(props) => (
            <Button {...props} variant="light" loading={upload.isPending}>
              {value ? 'Change photo' : 'Upload photo'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          JPEG, PNG or WebP, up to 2 MB
        </Text>
      </Stack>
    </Group>
  );
}
