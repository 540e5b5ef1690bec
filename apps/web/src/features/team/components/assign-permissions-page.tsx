import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { SCHEDULER_INCONSISTENT, schedulerConsistent, TEAM_MSG, type TPermissionEntry } from '@virality/domain';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePermission } from '../api/get-permission';
import { useUpdatePermission } from '../api/update-permission';
import { serverText } from '../lib/errors';
import { PermissionTree } from './permission-tree';
import { TeamPage } from './team-page';

const BACK = { to: paths.manageRoles, label: 'Manage Roles' };

/** /profile/assignpermissions?roleId=: the role's permission tree and Save. */
export function AssignPermissionsPage() {
  const [params] = useSearchParams();
  const state = useLocation().state as { roleId?: string; roleName?: string } | null;
  const roleId = params.get('roleId') || state?.roleId || null;
  const query = usePermission(roleId);
  const update = useUpdatePermission();
  const [entries, setEntries] = useState<TPermissionEntry[] | null>(null);

  useEffect(() => {
    if (query.data) setEntries(query.data.permission);
  }, [query.data]);
  useEffect(() => {
    if (query.error) notifyError(`Failed to fetch permissions: ${serverText(query.error)}`);
  }, [query.error]);

  const roleName = query.data?.roleName ?? state?.roleName ?? null;

  if (!roleId) {
    return (
      <TeamPage builds title="Assign Permissions" back={BACK}>
        <Alert color="yellow">Choose a role on Manage Roles to assign its permissions.</Alert>
      </TeamPage>
    );
  }

  const save = () => {
    if (!entries) return;
    if (!schedulerConsistent(entries)) {
      notifyError(SCHEDULER_INCONSISTENT);
      return;
    }
    update.mutate(
      { roleId, permissionAccess: entries },
      {
        onSuccess: (message) => notifySuccess(message || TEAM_MSG.permissionsAssigned),
        onError: (err) => notifyError(`Failed to update permissions: ${serverText(err)}`),
      },
    );
  };

  return (
    <TeamPage builds title="Assign Permissions" subtitle={roleName ? `Role: ${roleName}` : undefined} back={BACK}>
      {query.isError ? (
        <Alert color="red" title="Could not load the permissions">
          {`Failed to fetch permissions: ${serverText(query.error)}`}
        </Alert>
      ) : !entries ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="lg">
            <PermissionTree value={entries} onChange={setEntries} disabled={update.isPending} />
            <Group justify="flex-end">
              <Button onClick={save} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </TeamPage>
  );
}
