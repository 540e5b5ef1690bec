import { Box, Group, Loader, Paper, Pill, Stack, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { CAMPAIGN_MAX_INFLUENCERS, CAMPAIGN_MSG, type TCampaignPerson } from '@virality/domain';
import { useId, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { SEARCH_MIN_CHARS, useInfluencerSearch } from '../api/search-influencers';
import classes from './campaigns.module.css';

/** How long the search waits after the last key before it asks. */
export const SEARCH_DEBOUNCE_MS = 300;

type TProps = {
  chosen: TCampaignPerson[];
  onChange: (chosen: TCampaignPerson[]) => void;
  /** Influencers already tagged (the campaign page): shown as such, never offered again. */
  taken?: ReadonlySet<string>;
  /** How many may be chosen here (the campaign's room left). */
  max?: number;
  disabled?: boolean;
  label?: string;
};

const nameOf = (p: TCampaignPerson) => p.name || p.userName || 'Influencer';

/**
 * Tagging influencers: a search box that asks the server from the second character (after a pause in typing), its
 * hits with their picture, name and @username, and the chosen ones as chips that can be removed.
 */
export function InfluencerPicker({
  chosen,
  onChange,
  taken,
  max = CAMPAIGN_MAX_INFLUENCERS,
  disabled,
  label = 'Tag influencers',
}: TProps) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useInfluencerSearch(debounced);
  const resultsId = useId();
  const full = chosen.length >= max;
  const chosenIds = new Set(chosen.map((c) => c._id));
  const add = (p: TCampaignPerson) => {
    if (chosenIds.has(p._id) || full) return;
    onChange([...chosen, p]);
  };
  const remove = (id: string) => onChange(chosen.filter((c) => c._id !== id));
  const asking = debounced.length >= SEARCH_MIN_CHARS;

  return (
    <Stack gap="xs">
      <TextInput
        label={label}
        description="Search by username or e-mail"
        placeholder="Search influencers"
        leftSection={<IconSearch size={16} stroke={1.75} aria-hidden />}
        rightSection={search.isFetching ? <Loader size={16} aria-label="Searching" /> : null}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        disabled={disabled}
        maxLength={120}
        autoComplete="off"
        aria-controls={resultsId}
      />
      <Box id={resultsId} aria-live="polite">
        {term.trim().length > 0 && term.trim().length < SEARCH_MIN_CHARS ? (
          <Text size="xs" c="dimmed">
            Type at least {SEARCH_MIN_CHARS} characters to search.
          </Text>
        ) : asking && search.isError ? (
          <Text size="sm" c="red.9">
            {search.error.message}
          </Text>
        ) : asking && search.data ? (
          search.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No influencers found for “{debounced}”.
            </Text>
          ) : (
            <Paper withBorder radius="md" p={4}>
              <Stack gap={2} component="ul" aria-label="Influencers found" className={classes.plainList}>
                {search.data.map((hit) => {
                  const already = taken?.has(hit._id) ?? false;
                  const picked = chosenIds.has(hit._id);
                  const off = already || picked || full || disabled;
                  return (
                    <li key={hit._id}>
                      <UnstyledButton className={classes.hit} onClick={() => add(hit)} disabled={off}>
                        <Group gap="sm" wrap="nowrap">
                          <UserAvatar name={nameOf(hit)} image={hit.profileImage} color={null} size={36} aria-hidden />
                          <Box miw={0} style={{ flex: 1 }}>
                            <Text size="sm" fw={600} truncate>
                              {/* the button's name is the words it shows (what a voice user says), "Add" first */}
                              {!off && <VisuallyHidden component="span">Add</VisuallyHidden>} {nameOf(hit)}
                            </Text>
                            {hit.userName && (
                              <Text size="xs" c="dimmed" truncate>
                                @{hit.userName}
                              </Text>
                            )}
                          </Box>
                          {already || picked ? (
                            <Group gap={4} c="dimmed" wrap="nowrap">
                              <IconCheck size={16} aria-hidden />
                              <Text size="xs">{already ? 'Tagged' : 'Chosen'}</Text>
                            </Group>
                          ) : (
                            <IconPlus size={18} stroke={1.75} aria-hidden />
                          )}
                        </Group>
                      </UnstyledButton>
                    </li>
                  );
                })}
              </Stack>
            </Paper>
          )
        ) : null}
      </Box>
      {chosen.length > 0 && (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {chosen.length} of {max} chosen
          </Text>
          <Group gap={6} aria-label="Chosen influencers" role="list">
            {chosen.map((c) => (
              <Pill
                key={c._id}
                role="listitem"
                size="lg"
                withRemoveButton={!disabled}
                onRemove={() => remove(c._id)}
                // Mantine hides the remove button from keyboards and screen readers by default: here it is the way to remove one
                removeButtonProps={{ 'aria-label': `Remove ${nameOf(c)}`, 'aria-hidden': false, tabIndex: 0 }}
              >
                {nameOf(c)}
                {c.userName ? ` @${c.userName}` : ''}
              </Pill>
            ))}
          </Group>
        </Stack>
      )}
      {full && (
        <Text size="xs" c="dimmed">
          {CAMPAIGN_MSG.tooManyInfluencers}
        </Text>
      )}
    </Stack>
  );
}
