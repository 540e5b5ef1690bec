import { Alert, Center, Loader, Modal, Table, Text, VisuallyHidden } from '@mantine/core';
import { accountLabel, isShownInTree, PERMISSION_MODULES } from '@virality/domain';
import { ApiError } from '../../../lib/api-client';
import { useViewPermission } from '../api/view-permission';

type TProps = { user: { id: string; name: string } | null; onClose: () => void };

function Tick({ on }: { on: boolean }) {
  return (
    <Text component="span" c={on ? 'teal.9' : 'gray.7'} fw={700}>
      <span aria-hidden="true">{on ? '✓' : '✗'}</span>
      <VisuallyHidden>{on ? 'Allowed' : 'Not allowed'}</VisuallyHidden>
    </Text>
  );
}

/** The Access Details dialog (GET permission/veiw?userId): per platform, ticks for Post, Analytics and Scheduler. */
export function AccessDetailsModal({ user, onClose }: TProps) {
  const access = useViewPermission(user?.id ?? null);
  const failure =
    access.error instanceof ApiError && access.error.status > 0
      ? 'Failed to fetch access details.'
      : 'An error occurred while fetching access details.';
  return (
    <Modal opened={!!user} onClose={onClose} title="Access Details" centered size="lg">
      {user && (
        <Text size="sm" c="dimmed" mb="sm">
          What {user.name} may do on each network.
        </Text>
      )}
      {access.isError ? (
        <Alert color="red">{failure}</Alert>
      ) : !access.data ? (
        <Center py="lg">
          <Loader aria-label="Loading" />
        </Center>
      ) : (
        <Table verticalSpacing="xs" aria-label="Access details">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Platform</Table.Th>
              {PERMISSION_MODULES.map((m) => (
                <Table.Th key={m} ta="center">
                  {m}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {access.data.filter(isShownInTree).map((e) => (
              <Table.Tr key={e.accountId}>
                <Table.Th scope="row" fw={500}>
                  {accountLabel(e.accountType)}
                </Table.Th>
                {PERMISSION_MODULES.map((m) => (
                  <Table.Td key={m} ta="center">
                    <Tick on={e.access && e.moduleAccess[m]} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
