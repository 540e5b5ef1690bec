import { Alert, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteRole } from '../api/delete-role';
import { useAllRoles } from '../api/get-all-roles';
import { useSetRoleStatus } from '../api/set-role-status';
import type { TRole } from '../api/types';
import { serverText } from '../lib/errors';
import { Pager } from './pager';
import { RoleFormModal } from './role-form-modal';
import { RowMenu } from './row-menu';
import { StatusBadge } from './status-badge';
import { TeamPage } from './team-page';

/** The roles table is at most 380 px high. */
const ROLES_TABLE_MAX_HEIGHT = 380;

/** /profile/managesubusersrole: the business's roles, 10 a page, with Add Role and the row menu. */
export function ManageRolesPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const roles = useAllRoles(page);
  const setStatus = useSetRoleStatus();
  const del = useDeleteRole();
  const [dialog, setDialog] = useState<{ opened: boolean; role: TRole | null }>({ opened: false, role: null });

  const data = roles.data;
  // A page emptied by a delete steps back to the last page that exists.
  if (data && page > data.totalPages) setPage(data.totalPages);

  const changeStatus = (role: TRole, status: boolean) =>
    setStatus.mutate(
      { roleId: role._id, status },
      {
        onSuccess: (message) => notifySuccess(message),
        onError: (err) => notifyError(serverText(err)),
      },
    );

  const confirmDelete = (role: TRole) =>
    modals.openConfirmModal({
      title: 'Delete Role',
      children: <Text size="sm">Are you sure you want to delete the role “{role.roleName}”? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        del.mutate(role._id, {
          onSuccess: (message) => notifySuccess(message),
          onError: (err) => notifyError(serverText(err)),
        }),
    });

  const assign = (role: TRole) =>
    navigate(`${paths.assignPermissions}?roleId=${encodeURIComponent(role._id)}`, {
      state: { roleId: role._id, roleName: role.roleName },
    });

  return (
    <TeamPage
      title="Manage Roles"
      subtitle="Roles decide what each sub-user may do on each network."
      back={{ to: paths.manageUsers, label: 'Manage Users' }}
      actions={<Button onClick={() => setDialog({ opened: true, role: null })}>Add Role</Button>}
    >
      <Paper withBorder radius="lg" p="md">
        {roles.isError ? (
          <Alert color="red" title="Failed to fetch roles.">
            {serverText(roles.error)}
          </Alert>
        ) : !data ? (
          <Center py="xl">
            <Loader aria-label="Loading" />
          </Center>
        ) : data.roles.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No roles yet. Add a role to get started.
          </Text>
        ) : (
          <Stack gap="md">
            <ScrollArea.Autosize mah={ROLES_TABLE_MAX_HEIGHT} type="auto" data-testid="roles-table-scroll">
              <Table striped highlightOnHover stickyHeader verticalSpacing="sm" aria-label="Roles">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.roles.map((role) => (
                    <Table.Tr key={role._id}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {role.roleName}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {role.roleDesc}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge active={role.status} inactiveLabel="Inactive" />
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {!role.status && (
                            <Button
                              size="compact-sm"
                              variant="outline"
                              color="teal.9"
                              onClick={() => changeStatus(role, true)}
                              aria-label={`Activate ${role.roleName}`}
                            >
                              Activate
                            </Button>
                          )}
                          <RowMenu
                            label={`Actions for ${role.roleName}`}
                            actions={[
                              { label: 'Edit', onClick: () => setDialog({ opened: true, role }) },
                              { label: 'Deactivate', onClick: () => changeStatus(role, false), hidden: !role.status },
                              { label: 'Delete', onClick: () => confirmDelete(role), color: 'red' },
                              { label: 'Assign Permissions', onClick: () => assign(role) },
                            ]}
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Pager page={page} totalPages={data.totalPages} total={data.total} onChange={setPage} label="Roles pages" />
          </Stack>
        )}
      </Paper>
      <RoleFormModal opened={dialog.opened} role={dialog.role} onClose={() => setDialog((d) => ({ ...d, opened: false }))} />
    </TeamPage>
  );
}
