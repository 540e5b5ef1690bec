import { Box, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBuildingStore, IconPlus } from '@tabler/icons-react';
import { IDENTIFIER_FIELD_MAX, NAME_MAX, PHONE_CODE_MAX, type TAdminBrandRow } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminBrands, useCreateBrand, useResendBrandInvitation, useSetBrandActive } from '../api/brands';
import { brandBody, brandFormErrors, isMobileEntry } from '../lib/brand-form';
import { formatDay, formatWhen } from '../lib/dates';
import { SearchedList, useSearchPaging } from './searched-list';
import { StateBadge } from './state-badge';

const who = (b: TAdminBrandRow) => b.name || b.email || b.phone || 'Unnamed brand';
const contactOf = (b: TAdminBrandRow) => [b.email, b.phone].filter(Boolean).join(' · ') || 'No e-mail or phone';
const planOf = (b: TAdminBrandRow) =>
  b.plan ? `${b.plan.planType} (${b.plan.planStatus.toLowerCase()}, ends ${formatDay(b.plan.planEndDate)})` : 'None';

function Badges({ brand }: { brand: TAdminBrandRow }) {
  return (
    <Group gap={6} wrap="wrap">
      {brand.closed ? (
        <StateBadge tone="neutral">Closed</StateBadge>
      ) : brand.active ? (
        <StateBadge tone="ok">Active</StateBadge>
      ) : (
        <StateBadge tone="bad">Deactivated</StateBadge>
      )}
      {brand.passwordSet ? (
        <StateBadge tone="info">Password set</StateBadge>
      ) : (
        <StateBadge tone="warn">Invitation pending</StateBadge>
      )}
    </Group>
  );
}

/**
 * The console's Brands section: brands never sign up themselves, so an admin creates each one here (name, e-mail or
 * mobile) and the brand is invited to set its password; the list, searched and paged, with each brand's state, plan
 * and last login; deactivate or reactivate (after a confirmation), and send the invitation again.
 */
export function BrandsPage() {
  const search = useSearchPaging();
  const [creating, setCreating] = useState(false);
  const brands = useAdminBrands(search.q, search.page);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={24}>
            Brands
          </Title>
          <Text c="dimmed" size="sm">
            Brands do not sign up themselves: create one here and it gets a link to set its password.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          New brand
        </Button>
      </Group>
      <SearchedList
        search={search}
        searchLabel="Search brands"
        placeholder="Name, e-mail or phone"
        result={brands}
        rows={(d) => d.brands}
        count={(n) => (n === 1 ? '1 brand' : `${n} brands`)}
        loadingLabel="Loading the brands"
        errorTitle="Could not load the brands"
        empty={{
          icon: <IconBuildingStore size={24} />,
          searched: ['No brand matches', 'Try another name, e-mail or phone number.'],
          none: ['No brands yet', 'Create the first one with New brand.'],
        }}
      >
        {(rows) => (
          <>
            <Box visibleFrom="md">
              <Table highlightOnHover verticalSpacing="sm" aria-label="Brands">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Brand</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Plan</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Last login</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((b) => (
                    <Table.Tr key={b._id}>
                      <Table.Td>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {who(b)}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {contactOf(b)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badges brand={b} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{planOf(b)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDay(b.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{b.lastLoginAt ? formatWhen(b.lastLoginAt) : 'Never'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <BrandActions brand={b} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
            <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Brands">
              {rows.map((b) => (
                <Paper key={b._id} component="li" withBorder radius="md" p="sm" aria-label={who(b)}>
                  <Stack gap={4}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {who(b)}
                    </Text>
                    <Badges brand={b} />
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {contactOf(b)}
                    </Text>
                    <Text size="sm">Plan: {planOf(b)}</Text>
                    <Text size="sm" c="dimmed">
                      Last login: {b.lastLoginAt ? formatWhen(b.lastLoginAt) : 'Never'} · Created {formatDay(b.createdAt)}
                    </Text>
                    <BrandActions brand={b} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </SearchedList>
      <NewBrandDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

function BrandActions({ brand }: { brand: TAdminBrandRow }) {
  const setActive = useSetBrandActive();
  const resend = useResendBrandInvitation();
  if (brand.closed) return null;
  const name = who(brand);
  const change = (active: boolean) =>
    modals.openConfirmModal({
      title: active ? 'Reactivate this brand?' : 'Deactivate this brand?',
      children: (
        <Text size="sm">
          {active
            ? `${name} will be able to log in again.`
            : `${name} is logged out everywhere at once and cannot log in until the brand is reactivated.`}
        </Text>
      ),
      labels: { confirm: active ? 'Reactivate' : 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: active ? 'brand' : 'red' },
      onConfirm: () =>
        setActive.mutate(
          { userId: brand._id, active },
          { onSuccess: (message) => notifySuccess(message), onError: (err) => notifyError(err.message) },
        ),
    });
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      {!brand.passwordSet && brand.active && (
        <Button
          size="xs"
          variant="light"
          loading={resend.isPending}
          aria-label={`Resend invitation to ${name}`}
          onClick={() =>
            resend.mutate(brand._id, {
              onSuccess: (message) => notifySuccess(`${message} to ${brand.email ?? brand.phone ?? name}`),
              onError: (err) => notifyError(err.message),
            })
          }
        >
          Resend invitation
        </Button>
      )}
      <Button
        size="xs"
        variant={brand.active ? 'outline' : 'filled'}
        color={brand.active ? 'red.9' : 'brand'}
        loading={setActive.isPending}
        onClick={() => change(!brand.active)}
        aria-label={`${brand.active ? 'Deactivate' : 'Reactivate'} ${name}`}
      >
        {brand.active ? 'Deactivate' : 'Reactivate'}
      </Button>
    </Group>
  );
}

function NewBrandDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateBrand();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [phoneCode, setPhoneCode] = useState('');
  const [errors, setErrors] = useState<{ name?: string; contact?: string }>({});
  const mobile = isMobileEntry(contact);

  const close = () => {
    setName('');
    setContact('');
    setPhoneCode('');
    setErrors({});
    create.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = brandBody(name, contact, phoneCode);
    const found = brandFormErrors(body);
    setErrors(found);
    if (found.name || found.contact) return;
    create.mutate(body, {
      onSuccess: ({ message, brand }) => {
        notifySuccess(`${message} to ${brand.email ?? brand.phone}`);
        close();
      },
      onError: (err) =>
        setErrors({ contact: err instanceof ApiError ? err.message : 'The brand could not be created: try again.' }),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="New brand" size="md">
      <form onSubmit={submit} noValidate aria-label="New brand">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The brand gets a link to set its password (good for 7 days) by e-mail, or by text message for a mobile. Then it logs
            in, fills its profile and chooses a plan, as a business does.
          </Text>
          <TextInput
            label="Brand name"
            required
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <Group align="flex-start" gap="xs" wrap="nowrap">
            {mobile && (
              <TextInput
                label="Country code"
                w={110}
                leftSection="+"
                inputMode="numeric"
                maxLength={PHONE_CODE_MAX}
                value={phoneCode}
                autoComplete="off"
                onChange={(e) => setPhoneCode(e.currentTarget.value.replace(/\D/g, ''))}
              />
            )}
            <TextInput
              label="E-mail or mobile"
              required
              style={{ flex: 1, minWidth: 0 }}
              value={contact}
              maxLength={IDENTIFIER_FIELD_MAX}
              autoComplete="off"
              onChange={(e) => setContact(e.currentTarget.value.replace(/\s/g, ''))}
              error={errors.contact}
            />
          </Group>
          {mobile && (
            <Text size="xs" c="dimmed" mt={-4}>
              A mobile: the invitation goes by text message.
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create and invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
