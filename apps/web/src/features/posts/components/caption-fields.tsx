import { Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { COMPOSER_MSG, NETWORK_LIMITS, TITLE_MAX, type TSocialNetworkKey } from '@virality/domain';
import { useYouTubeCategories } from '../api/youtube-categories';
import { cleanCaption, networkLabel } from '../lib/compose';
import { PhoneSelect } from './phone-select';

type TProps = {
  caption: string;
  title: string;
  categoryId: string | null;
  networks: TSocialNetworkKey[];
  /** The first chosen YouTube channel, to read the categories with. */
  youtubeAccountId: string | null;
  disabled: boolean;
  onCaption: (v: string) => void;
  onTitle: (v: string) => void;
  onCategory: (v: string | null) => void;
};

/** The caption (its leading space dropped, its length against the strictest chosen network) and YouTube's title and category. */
export function CaptionFields({
  caption,
  title,
  categoryId,
  networks,
  youtubeAccountId,
  disabled,
  onCaption,
  onTitle,
  onCategory,
}: TProps) {
  const youtube = networks.includes('youtube');
  const categories = useYouTubeCategories(youtube ? youtubeAccountId : null);
  const strictest = [...networks].sort((a, b) => NETWORK_LIMITS[a].textMax - NETWORK_LIMITS[b].textMax)[0];
  const chars = Array.from(caption).length;
  const max = strictest ? NETWORK_LIMITS[strictest].textMax : null;
  const over = max !== null && chars > max;
  return (
    <Stack gap="sm">
      {youtube && (
        <TextInput
          label="Title"
          description="YouTube shows it above the video"
          value={title}
          onChange={(e) => onTitle(e.currentTarget.value.slice(0, TITLE_MAX))}
          maxLength={TITLE_MAX}
          disabled={disabled}
          withAsterisk
          rightSectionWidth={56}
          rightSection={
            <Text size="xs" c="dimmed" aria-hidden>
              {title.length}/{TITLE_MAX}
            </Text>
          }
        />
      )}
      <Textarea
        label={youtube ? COMPOSER_MSG.captionYouTube : COMPOSER_MSG.caption}
        placeholder="What do you want to share?"
        value={caption}
        onChange={(e) => onCaption(cleanCaption(e.currentTarget.value))}
        autosize
        minRows={4}
        maxRows={12}
        disabled={disabled}
        withAsterisk
        aria-describedby="caption-count"
      />
      <Group justify="flex-end" mt={-6}>
        <Text id="caption-count" size="xs" c={over ? 'red.9' : 'dimmed'} aria-live="polite">
          {max !== null
            ? `${chars.toLocaleString()} / ${max.toLocaleString()} characters (${networkLabel(strictest!)})`
            : `${chars.toLocaleString()} characters`}
        </Text>
      </Group>
      {youtube && (
        <PhoneSelect
          label="Category"
          placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
          value={categoryId}
          onChange={onCategory}
          searchable
          clearable
          disabled={disabled}
          nothingFoundMessage="No category found"
          error={categories.isError ? 'Categories could not be loaded' : undefined}
        />
      )}
    </Stack>
  );
}
