import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { TEAM_MSG, zRoleForm } from '@virality/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateRole } from '../api/create-role';
import type { TRole } from '../api/types';
import { useUpdateRole } from '../api/update-role';
import { fieldErrors, serverText } from '../lib/errors';

type TProps = { opened: boolean; role: TRole | null; onClose: () => void };
type TErrors = { roleName?: string; roleDesc?: string };

function validate(values: { roleName: string; roleDesc: string }): TErrors {
  const parsed = zRoleForm.safeParse(values);
  if (parsed.success) return {};
  const errors: TErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof TErrors;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The create / edit role dialog: Role Name and Role Description, both required. */
export function RoleFormModal({ opened, role, onClose }: TProps) {
  const create = useCreateRole();
  const update = useUpdateRole();
  const [values, setValues] = useState({ roleName: '', roleDesc: '' });
  const [touched, setTouched] = useState({ roleName: false, roleDesc: false });
  const [serverErrors, setServerErrors] = useState<TErrors>({});

  useEffect(() => {
    if (!opened) return;
    setValues({ roleName: role?.roleName ?? '', roleDesc: role?.roleDesc ?? '' });
    setTouched({ roleName: false, roleDesc: false });
    setServerErrors({});
  }, [opened, role]);

  const errors = validate(values);
  const busy = create.isPending || update.isPending;
  const shown = (k: keyof TErrors) => (touched[k] ? errors[k] : undefined) ?? serverErrors[k];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ roleName: true, roleDesc: true });
    if (Object.keys(errors).length > 0) return;
    const body = { roleName: values.roleName.trim(), roleDesc: values.roleDesc.trim() };
    const handlers = {
      onSuccess: ({ message }: { message: string }) => {
        notifySuccess(message || (role ? TEAM_MSG.roleUpdated : TEAM_MSG.roleAdded));
        onClose();
      },
      onError: (err: Error) => {
        setServerErrors((fieldErrors(err) as TErrors | null) ?? {});
        notifyError(serverText(err));
      },
    };
    if (role) update.mutate({ roleId: role._id, body }, handlers);
    else create.mutate(body, handlers);
  };

  const set = (k: keyof TErrors) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setTouched((t) => ({ ...t, [k]: true }));
    setServerErrors((s) => ({ ...s, [k]: undefined }));
  };

  return (
    <Modal opened={opened} onClose={onClose} title={role ? 'Edit Role' : 'Add Role'} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Role Name"
            value={values.roleName}
            onChange={(e) => set('roleName')(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, roleName: true }))}
            error={shown('roleName')}
            maxLength={50}
            data-autofocus
            withAsterisk
          />
          <Textarea
            label="Role Description"
            value={values.roleDesc}
            onChange={(e) => set('roleDesc')(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, roleDesc: true }))}
            error={shown('roleDesc')}
            maxLength={250}
            autosize
            minRows={3}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {role ? 'Update' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
