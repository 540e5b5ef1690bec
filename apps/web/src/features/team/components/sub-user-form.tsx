import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { subUserSchema, toIsoDate } from '@virality/domain';
import dayjs from 'dayjs';
import { type FormEvent, useMemo, useState } from 'react';
import { ProfilePhotoField, UserNameField } from '../../../components';
import { GENDER_OPTIONS } from '../../../lib/profile-fields';
import { useUserNameAvailability } from '../../../lib/use-user-name-availability';
import { useActiveRoles } from '../api/get-active-roles';
import { uploadSubUserImage } from '../api/upload-sub-user-image';
import { useTouchAfterPress } from '../lib/use-touch-after-press';

export type TSubUserFormValues = {
  name: string;
  userName: string;
  email: string;
  mobileNumber: string;
  dateOfBirth: string;
  gender: string;
  roleId: string;
  /** The photo's URL once uploaded (optional). */
  profileImage?: string;
};
type TField = keyof TSubUserFormValues;

/** The body both bussiness/add and bussiness/update send (the form calls the role `role`; the API also takes roleId). */
export const toSubUserBody = (v: TSubUserFormValues) => ({
  name: v.name.trim(),
  userName: v.userName.trim(),
  mobileNumber: v.mobileNumber,
  dateOfBirth: v.dateOfBirth,
  gender: v.gender,
  role: v.roleId,
  roleId: v.roleId,
  profileImage: v.profileImage || null,
});

export const emptySubUserValues: TSubUserFormValues = {
  name: '',
  userName: '',
  email: '',
  mobileNumber: '',
  dateOfBirth: '',
  gender: '',
  roleId: '',
};

/** The role dropdown is at most 200 px high. */
const ROLE_DROPDOWN_MAX_HEIGHT = 200;
const FIELDS: TField[] = ['name', 'userName', 'email', 'mobileNumber', 'dateOfBirth', 'gender', 'roleId'];

type TProps = {
  mode: 'create' | 'update';
  initialValues: TSubUserFormValues;
  /** The sub-user's saved username (update): not re-checked for availability. */
  savedUserName?: string | null;
  /** The sub-user's current role (update): kept in the list even when it is no longer active. */
  currentRole?: { _id: string; roleName: string | null } | null;
  submitLabel: string;
  busy: boolean;
  /** Sends the values; resolves to field errors the server reported (shown under the fields), or null. */
  onSubmit: (values: TSubUserFormValues) => Promise<Record<string, string> | null>;
  /** Today (yyyy-MM-dd, the server's UTC day); injectable for tests. */
  today?: string;
};

/**
 * The sub-user form of /create-subuser and /profile/updatesubuser, checked
 * with the domain's subUserSchema so the browser and the server give the same message. The submit button
 * is disabled while any error exists; the date of birth is picked from a calendar (no typing) up to today.
 */
export function SubUserForm({
  mode,
  initialValues,
  savedUserName = null,
  currentRole = null,
  submitLabel,
  busy,
  onSubmit,
  today: todayProp,
}: TProps) {
  const [today] = useState(() => todayProp ?? toIsoDate(new Date()));
  const schema = useMemo(() => subUserSchema(mode, today), [mode, today]);
  const [values, setValues] = useState<TSubUserFormValues>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<TField, string>>>({});
  const roles = useActiveRoles();

  const errors = useMemo(() => {
    const parsed = schema.safeParse(values);
    const out: Partial<Record<TField, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as TField;
        out[key] ??= issue.message;
      }
    }
    return out;
  }, [schema, values]);

  const userNameValid = (v: string) => schema.shape.userName.safeParse(v).success;
  // A sub-user's name is checked against everyone's, the owner's included (excludeUserId: null).
  const availability = useUserNameAvailability(values.userName, savedUserName, {
    isValid: userNameValid,
    savedNameIgnoresCase: true,
    quietWhenEmpty: true,
    excludeUserId: null,
  });

  const roleOptions = useMemo(() => {
    const active = (roles.data ?? []).map((r) => ({ value: r._id, label: r.roleName }));
    if (currentRole && !active.some((o) => o.value === currentRole._id)) {
      active.unshift({ value: currentRole._id, label: `${currentRole.roleName ?? 'Current role'} (inactive)` });
    }
    return active;
  }, [roles.data, currentRole]);

  const set = (field: TField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((s) => ({ ...s, [field]: undefined }));
  };
  const touchNow = (field: TField) => setTouched((t) => ({ ...t, [field]: true }));
  // A field's error shows once it is left, after the press that left it: see useTouchAfterPress.
  const touch = useTouchAfterPress(touchNow);
  const errorOf = (field: TField) => (touched[field] ? errors[field] : undefined) ?? serverErrors[field];

  const hasErrors = Object.keys(errors).length > 0 || availability.taken;
  const disabled = hasErrors || availability.checking || busy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    if (disabled) return;
    const fieldErrors = await onSubmit(values);
    if (fieldErrors) {
      const known = Object.fromEntries(
        Object.entries(fieldErrors)
          .map(([k, v]) => [k === 'role' ? 'roleId' : k, v] as const)
          .filter(([k]) => (FIELDS as string[]).includes(k)),
      );
      setServerErrors(known);
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <ProfilePhotoField
          value={values.profileImage ?? ''}
          name={values.name}
          onChange={(url) => setValues((v) => ({ ...v, profileImage: url }))}
          upload={uploadSubUserImage}
        />
        {roles.isError && <Alert color="red">Failed to fetch active roles</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            onBlur={() => touch('name')}
            error={errorOf('name')}
            maxLength={40}
            autoComplete="off"
            withAsterisk
          />
          <UserNameField
            value={values.userName}
            onChange={(v) => set('userName', v)}
            onBlur={() => touch('userName')}
            error={errorOf('userName')}
            checking={availability.checking}
            taken={availability.taken}
            available={availability.available}
            suggestions={availability.suggestions}
            autoComplete="off"
            requiredMark="asterisk"
          />
          <TextInput
            label="Email"
            type="email"
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value.trim())}
            onBlur={() => touch('email')}
            error={errorOf('email')}
            maxLength={60}
            autoComplete="off"
            disabled={mode === 'update'}
            description={mode === 'update' ? 'The email cannot be changed.' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
          />
          <TextInput
            label="Mobile Number"
            value={values.mobileNumber}
            onChange={(e) => set('mobileNumber', e.currentTarget.value.replace(/\D/g, '').slice(0, 10))}
            onBlur={() => touch('mobileNumber')}
            error={errorOf('mobileNumber')}
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            withAsterisk
          />
          <DatePickerInput
            label="Date of Birth"
            placeholder="Pick a date"
            value={values.dateOfBirth || null}
            onChange={(v) => set('dateOfBirth', v ? dayjs(v).format('YYYY-MM-DD') : '')}
            onDropdownClose={() => touch('dateOfBirth')}
            error={errorOf('dateOfBirth')}
            maxDate={today}
            minDate="1900-01-01"
            defaultDate={dayjs(today).subtract(25, 'year').format('YYYY-MM-DD')}
            defaultLevel={values.dateOfBirth ? 'month' : 'decade'}
            valueFormat="DD MMM YYYY"
            // The placeholder is real text inside the button: it must meet the contrast ratio.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            withAsterisk
          />
          <Select
            label="Gender"
            placeholder="Select gender"
            data={GENDER_OPTIONS}
            value={values.gender || null}
            onChange={(v) => set('gender', v ?? '')}
            onBlur={() => touch('gender')}
            error={errorOf('gender')}
            allowDeselect={false}
            withAsterisk
          />
          <Select
            label="Role"
            placeholder={roles.isPending ? 'Loading roles…' : roleOptions.length ? 'Select a role' : 'No active roles'}
            data={roleOptions}
            value={values.roleId || null}
            onChange={(v) => set('roleId', v ?? '')}
            onBlur={() => touch('roleId')}
            error={errorOf('roleId')}
            maxDropdownHeight={ROLE_DROPDOWN_MAX_HEIGHT}
            nothingFoundMessage="No active roles"
            allowDeselect={false}
            withAsterisk
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {disabled && !busy && (
            <Text size="xs" c="dimmed">
              {availability.taken ? 'Choose a free username to continue.' : 'Fill in every field correctly to continue.'}
            </Text>
          )}
          <Button type="submit" disabled={disabled} loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
