import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  useMantineTheme,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { TEAM_MSG } from '@virality/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useDeleteSubUser } from '../api/delete-sub-user';
import { useSubUsers } from '../api/get-sub-users';
import { useSetSubUserStatus } from '../api/set-sub-user-status';
import type { TSubUserRecord } from '../api/types';
import { serverText } from '../lib/errors';
import { AccessDetailsModal } from './access-details-modal';
import { Pager } from './pager';
import { RowMenu, type TRowAction } from './row-menu';
import { StatusBadge } from './status-badge';
import { TeamPage } from './team-page';

/** The sub-user table is at most 350 px high. */
const USERS_TABLE_MAX_HEIGHT = 350;
const SEARCH_DEBOUNCE_MS = 400;

/** /profile/manageusers: the business's sub-users, searchable by name or e-mail, 10 a page. */
export function ManageUsersPage() {
  const navigate = useNavigate();
  const theme = useMantineTheme();
  // Below the sm breakpoint the five columns do not fit: each sub-user is a list item instead of a table row.
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, { getInitialValueInEffect: false });
  const owner = useCurrentUser().data;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<{ id: string; name: string } | null>(null);
  const list = useSubUsers({ businessId: owner?._id ?? '', page, search: debounced });
  const setStatus = useSetSubUserStatus();
  const del = useDeleteSubUser();

  const data = list.data;
  if (data && page > data.pagination.totalPages) setPage(Math.max(1, data.pagination.totalPages));

  const nameOf = (r: TSubUserRecord) => r.subUserId.name ?? r.subUserId.userName ?? r.subUserId.email ?? '';

  const changeStatus = (r: TSubUserRecord, status: boolean) =>
    setStatus.mutate(
      { userId: r.subUserId._id, status },
      {
        onSuccess: () => notifySuccess(status ? TEAM_MSG.userActivated : TEAM_MSG.userDeactivated),
        onError: (err) => notifyError(serverText(err, TEAM_MSG.userStatusFailed)),
      },
    );

  const confirmDelete = (r: TSubUserRecord) =>
    modals.openConfirmModal({
      title: 'Delete User',
      children: <Text size="sm">Are you sure you want to delete {nameOf(r)}? This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        if (!r.subUserId._id) {
          notifyError(TEAM_MSG.userNotSelected);
          return;
        }
        del.mutate(r.subUserId._id, {
          onSuccess: () => notifySuccess(TEAM_MSG.userDeleted),
          onError: (err) => notifyError(serverText(err, 'Failed to delete user.')),
        });
      },
    });

  const actionsOf = (r: TSubUserRecord): TActions => ({
    onActivate: () => changeStatus(r, true),
    menu: [
      { label: 'View Access', onClick: () => setViewing({ id: r.subUserId._id, name: nameOf(r) }) },
      { label: 'Edit', onClick: () => navigate(paths.updateSubUser, { state: { user: r } }) },
      { label: 'Deactivate', onClick: () => changeStatus(r, false), hidden: !r.subUserId.userStatus },
      { label: 'Delete', onClick: () => confirmDelete(r), color: 'red' },
    ],
  });

  return (
    <TeamPage
      title="Manage Users"
      subtitle="Your team's sub-users and what they may do."
      back={{ to: paths.profile, label: 'Profile' }}
      actions={
        <>
          <Button component={Link} to={paths.manageRoles} variant="default">
            User Role
          </Button>
          <Button component={Link} to={paths.createSubUser}>
            Add User
          </Button>
        </>
      }
    >
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <TextInput
            label="Search"
            placeholder="Search by name or email"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maxLength={60}
            type="search"
          />
          {list.isError ? (
            <Alert color="red">{serverText(list.error, 'Failed to fetch users.')}</Alert>
          ) : !data ? (
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          ) : data.result.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {TEAM_MSG.noUsers}
            </Text>
          ) : (
            <>
              {phone ? (
                <ScrollArea.Autosize mah={USERS_TABLE_MAX_HEIGHT} type="auto" scrollbars="y" data-testid="users-table-scroll">
                  <Stack component="ul" aria-label="Sub-users" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                    {data.result.map((r) => (
                      <SubUserItem key={r._id} record={r} name={nameOf(r)} actions={actionsOf(r)} />
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              ) : (
                <ScrollArea.Autosize mah={USERS_TABLE_MAX_HEIGHT} type="auto" data-testid="users-table-scroll">
                  <Table striped highlightOnHover stickyHeader verticalSpacing="sm" aria-label="Sub-users" miw={640}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Name</Table.Th>
                        <Table.Th>Email</Table.Th>
                        <Table.Th>Role</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th ta="right">Actions</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.result.map((r) => {
                        const u = r.subUserId;
                        const name = nameOf(r);
                        return (
                          <Table.Tr key={r._id}>
                            <Table.Td>
                              <Group gap="sm" wrap="nowrap">
                                <UserAvatar name={name} image={u.profileImage} color={u.backgroundColor} size={32} />
                                <Text size="sm" fw={500}>
                                  {name}
                                </Text>
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{u.email}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{r.roleId?.roleName ?? '—'}</Text>
                            </Table.Td>
                            <Table.Td>
                              <StatusBadge active={u.userStatus} inactiveLabel="InActive" />
                            </Table.Td>
                            <Table.Td>
                              <SubUserActions record={r} name={name} {...actionsOf(r)} />
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              )}
              <Pager
                page={page}
                totalPages={data.pagination.totalPages}
                total={data.pagination.total}
                onChange={setPage}
                label="Sub-users pages"
              />
            </>
          )}
        </Stack>
      </Paper>
      <AccessDetailsModal user={viewing} onClose={() => setViewing(null)} />
    </TeamPage>
  );
}

type TActions = { onActivate: () => void; menu: TRowAction[] };

/** A row's actions: 'Activate' for an inactive sub-user, then the ⋮ menu. */
function SubUserActions({ record, name, onActivate, menu }: { record: TSubUserRecord; name: string } & TActions) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {!record.subUserId.userStatus && (
        <Button size="compact-sm" variant="outline" color="teal.9" onClick={onActivate} aria-label={`Activate ${name}`}>
          Activate
        </Button>
      )}
      <RowMenu label={`Actions for ${name}`} actions={menu} />
    </Group>
  );
}

/** One sub-user on a phone: photo, name and e-mail, then role, status and the actions, all within the width. */
function SubUserItem({ record, name, actions }: { record: TSubUserRecord; name: string; actions: TActions }) {
  const u = record.subUserId;
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UserAvatar name={name} image={u.profileImage} color={u.backgroundColor} size={40} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <div>
            <Text size="sm" fw={600} truncate="end">
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {u.email}
            </Text>
          </div>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                {record.roleId?.roleName ?? '—'}
              </Text>
              <StatusBadge active={u.userStatus} inactiveLabel="InActive" />
            </Group>
            <SubUserActions record={record} name={name} {...actions} />
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
