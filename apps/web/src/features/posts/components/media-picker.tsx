import { ActionIcon, Badge, Box, Group, Paper, SimpleGrid, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconPhoto, IconPhotoEdit, IconPlayerPlayFilled, IconUpload, IconX } from '@tabler/icons-react';
import { MEDIA_MAX_FILES } from '@virality/domain';
import { useRef } from 'react';
import type { TMediaItem } from '../lib/compose';

type TProps = {
  multi: boolean;
  media: TMediaItem[];
  /** What is wrong with each file for the chosen networks, by id. */
  issues: Record<string, string>;
  countIssue: string | null;
  busy: boolean;
  onFiles: (files: File[], via: 'drop' | 'pick') => void;
  onRemove: (id: string) => void;
  onEdit: (id: string) => void;
  onMulti: (on: boolean) => void;
};

const ACCEPT = 'image/jpeg,image/png,image/webp,image/svg+xml,video/mp4,video/quicktime';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

function describe(m: TMediaItem): string {
  const parts = [sizeText(m.facts.bytes)];
  if (m.facts.width && m.facts.height) parts.push(`${m.facts.width}×${m.facts.height}`);
  if (m.facts.durationSec !== null) parts.push(`${Math.round(m.facts.durationSec)} s`);
  return parts.join(' · ');
}

/** An image the editor can open: one chosen here (not yet uploaded), not a vector drawing. */
export const editable = (m: TMediaItem) => m.file !== null && m.facts.kind === 'image' && m.facts.mimeType !== 'image/svg+xml';

/**
 * The media of the post: a drop zone (a click opens the file chooser) and the chosen files with their problems,
 * an editor for images, and the multi-file switch. Which files are taken is decided by the dialog.
 */
export function MediaPicker({ multi, media, issues, countIssue, busy, onFiles, onRemove, onEdit, onMulti }: TProps) {
  const full = multi ? media.length >= MEDIA_MAX_FILES : media.length >= 1;
  // a drop and the file chooser are told apart: several files dropped and several chosen get different messages
  const via = useRef<'drop' | 'pick'>('pick');
  return (
    <Stack gap="sm">
      <Switch
        label="Multiple files"
        aria-label="Multiple files"
        description={`2 to ${MEDIA_MAX_FILES} photos or videos in one post`}
        checked={multi}
        disabled={busy || (multi && media.length > 1)}
        onChange={(e) => onMulti(e.currentTarget.checked)}
      />
      {media.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" role="list" aria-label="Chosen media">
          {media.map((m, i) => {
            const issue = issues[m.id];
            return (
              <Paper
                key={m.id}
                withBorder
                radius="md"
                role="listitem"
                style={{ overflow: 'hidden', borderColor: issue ? 'var(--mantine-color-red-6)' : undefined }}
              >
                <Box pos="relative" style={{ aspectRatio: '1 / 1', background: 'var(--mantine-color-gray-1)' }}>
                  {m.facts.kind === 'video' ? (
                    <>
                      <video
                        src={m.previewUrl}
                        muted
                        playsInline
                        preload="metadata"
                        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                        aria-label={m.name}
                      />
                      <Box
                        pos="absolute"
                        top="50%"
                        left="50%"
                        aria-hidden
                        style={{
                          transform: 'translate(-50%, -50%)',
                          color: '#fff',
                          filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.5))',
                        }}
                      >
                        <IconPlayerPlayFilled size={28} />
                      </Box>
                    </>
                  ) : (
                    <img
                      src={m.previewUrl}
                      alt={m.name}
                      style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  )}
                  {multi && (
                    <Badge pos="absolute" top={6} left={6} size="sm" color="dark" variant="filled" aria-hidden>
                      {i + 1}
                    </Badge>
                  )}
                  <Group gap={4} pos="absolute" top={6} right={6}>
                    {editable(m) && (
                      <Tooltip label="Edit image">
                        <ActionIcon
                          variant="white"
                          color="dark"
                          size="lg"
                          radius="xl"
                          aria-label={`Edit ${m.name}`}
                          onClick={() => onEdit(m.id)}
                          disabled={busy}
                        >
                          <IconPhotoEdit size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label="Remove">
                      <ActionIcon
                        variant="white"
                        color="dark"
                        size="lg"
                        radius="xl"
                        aria-label={`Remove ${m.name}`}
                        onClick={() => onRemove(m.id)}
                        disabled={busy}
                      >
                        <IconX size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                  {m.edited && (
                    <Badge pos="absolute" bottom={6} left={6} size="sm" variant="white" color="dark" tt="none">
                      Edited
                    </Badge>
                  )}
                </Box>
                <Stack gap={2} p={8}>
                  <Text size="xs" fw={600} truncate title={m.name}>
                    {m.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {describe(m)}
                  </Text>
                  {issue && (
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <IconAlertTriangle
                        size={14}
                        color="var(--mantine-color-red-8)"
                        aria-hidden
                        style={{ flex: 'none', marginTop: 2 }}
                      />
                      <Text size="xs" c="red.9">
                        {issue}
                      </Text>
                    </Group>
                  )}
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {!full && (
        <Dropzone
          onDragEnter={() => {
            via.current = 'drop';
          }}
          onFileDialogOpen={() => {
            via.current = 'pick';
          }}
          onDropAny={(accepted, rejected) => {
            onFiles([...accepted, ...rejected.map((r) => r.file)], via.current);
            via.current = 'pick';
          }}
          onDrop={() => {}}
          // the chooser takes several files in either mode, so choosing several in single mode is answered, not cut
          multiple
          disabled={busy}
          radius="md"
          p={media.length ? 'sm' : 'xl'}
          inputProps={{ 'aria-label': 'Upload media', accept: ACCEPT }}
          styles={{ root: { borderStyle: 'dashed', borderWidth: 1.5 } }}
        >
          <Group justify="center" gap="md" wrap="nowrap" style={{ pointerEvents: 'none' }} mih={media.length ? 40 : 120}>
            <Dropzone.Accept>
              <IconUpload size={36} stroke={1.5} color="var(--mantine-primary-color-filled)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={media.length ? 24 : 36} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size={media.length ? 'sm' : 'md'} fw={600}>
                {media.length ? 'Add more files' : multi ? 'Drop photos or videos here' : 'Drop a photo or a video here'}
              </Text>
              <Text size="xs" c="dimmed">
                or click to choose · JPEG, PNG, WebP, SVG, MP4 or MOV
                {multi ? ` · up to ${MEDIA_MAX_FILES} files` : ''}
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {full && !multi && (
        <Text size="xs" c="dimmed">
          One file per post. Remove it to choose another, or switch on Multiple files.
        </Text>
      )}
      {countIssue && (
        <Group gap={6} wrap="nowrap" role="alert">
          <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
          <Text size="sm" c="red.9">
            {countIssue}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
