import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { accountLabel, normalizePermissions, PERMISSION_MODULES, type TUser, visibleNetworkIds } from '@virality/domain';

/**
 * A business manager's access: the networks their role gives access to, each with the
 * modules allowed there. Nothing is shown for networks without access.
 */
export function ManagerAccess({ user }: { user: TUser }) {
  const role = user.businessRoleId ?? null;
  const entries = normalizePermissions(role?.permission ?? []);
  const visible = new Set(visibleNetworkIds(user.profileType, entries));
  const shown = entries.filter((e) => visible.has(e.accountId) && e.accountId !== '7');
  return (
    <Paper withBorder radius="lg" p="lg" aria-labelledby="manager-access-title" component="section">
      <Stack gap="sm">
        <div>
          <Title order={2} fz={18} id="manager-access-title">
            Your access
          </Title>
          {role && (
            <Text size="sm" c="dimmed">
              Role: {role.roleName}
            </Text>
          )}
        </div>
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your role gives you no network access yet. Ask your business owner.
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {shown.map((e) => (
              <Group key={e.accountId} component="li" gap="xs">
                <Text fw={600} size="sm" w={90}>
                  {accountLabel(e.accountType)}
                </Text>
                {PERMISSION_MODULES.filter((m) => e.moduleAccess[m]).map((m) => (
                  <Badge key={m} variant="light" size="sm">
                    {m}
                  </Badge>
                ))}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
