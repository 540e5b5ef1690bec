import { Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  accountLabel,
  allSelected,
  isShownInTree,
  PERMISSION_MODULES,
  selectAll,
  type TPermissionEntry,
  toggleAccount,
  toggleModule,
} from '@virality/domain';

type TProps = { value: TPermissionEntry[]; onChange: (next: TPermissionEntry[]) => void; disabled?: boolean };

/**
 * The permission tree: one group per social account type shown
 * (accountId '7' hidden, Twitter shown as X), an account checkbox that sets all of its modules, the
 * Post / Analytics / Scheduler checkboxes (any on turns the account on), and Select All, which mirrors
 * whether every account is on. The behaviour is the domain's: toggleAccount, toggleModule, selectAll, allSelected.
 */
export function PermissionTree({ value, onChange, disabled }: TProps) {
  const shown = value.filter(isShownInTree);
  const every = allSelected(value);
  return (
    <Stack gap="md">
      <Checkbox
        label="Select All"
        checked={every}
        disabled={disabled}
        onChange={(e) => onChange(selectAll(value, e.currentTarget.checked))}
        fw={600}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {shown.map((entry) => {
          const label = accountLabel(entry.accountType);
          const headingId = `perm-account-${entry.accountId}`;
          return (
            <Paper key={entry.accountId} withBorder radius="md" p="md" role="group" aria-labelledby={headingId}>
              <Stack gap="xs">
                <Checkbox
                  id={`${headingId}-box`}
                  label={
                    <Text span fw={600} id={headingId}>
                      {label}
                    </Text>
                  }
                  checked={entry.access}
                  disabled={disabled}
                  onChange={(e) => onChange(toggleAccount(value, entry.accountId, e.currentTarget.checked))}
                />
                <Group gap="md" pl="lg">
                  {PERMISSION_MODULES.map((module) => (
                    <Checkbox
                      key={module}
                      label={module}
                      size="sm"
                      checked={entry.moduleAccess[module]}
                      disabled={disabled}
                      onChange={(e) => onChange(toggleModule(value, entry.accountId, module, e.currentTarget.checked))}
                    />
                  ))}
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
