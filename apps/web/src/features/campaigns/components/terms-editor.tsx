import {
  ActionIcon,
  Box,
  Button,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Select,
  type SelectProps,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { DELIVERABLE_COUNT_MAX, DELIVERABLES_MAX, MSG, type TCampaignTermsInput, type TSocialNetworkKey } from '@virality/domain';
import dayjs from 'dayjs';
import { type ReactNode, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { NetworkTile } from '../../../components/network-tile';
import { ApiError } from '../../../lib/api-client';
import { usd } from '../lib/campaign-view';
import {
  canAddDeliverable,
  emptyDeliverable,
  isFieldPath,
  NETWORK_OPTIONS,
  postTypeLabel,
  postTypesOf,
  serverFieldErrors,
  type TDeliverableDraft,
  type TTermsCampaign,
  type TTermsDraft,
  type TTermsErrors,
  termsBody,
  termsFormErrors,
  withNetwork,
} from '../lib/terms-form';

/** Phones: below this width a choice is the phone's own picker (a sheet), never a list floating over the dialog. */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * The terms being written: the draft, each field's words (the domain's, as the server applies them) shown once the
 * field was left or the form sent, and the server's own words by the same paths until the field is changed.
 */
export function useTermsForm(campaign: TTermsCampaign, initial: () => TTermsDraft) {
  const [draft, setDraft] = useState<TTermsDraft>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<TTermsErrors>({});
  const formRef = useRef<HTMLDivElement>(null);
  const errors = useMemo(() => termsFormErrors(draft, campaign), [draft, campaign]);

  const shown = useCallback(
    (path: string): string | undefined => server[path] ?? (submitted || touched.has(path) ? errors[path] : undefined),
    [server, submitted, touched, errors],
  );
  const touch = useCallback((path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path))), []);
  const forget = (paths: string[]) =>
    setServer((s) => {
      if (!paths.some((p) => p in s)) return s;
      const next = { ...s };
      for (const p of paths) delete next[p];
      return next;
    });

  const change = (next: TTermsDraft, paths: string[]) => {
    setDraft(next);
    forget(paths);
  };

  /** The body to send, or null (every field's words shown, the first field in error focused). */
  const submit = (): TCampaignTermsInput | null => {
    setSubmitted(true);
    setServer({});
    const first = Object.keys(errors)[0];
    if (first) {
      window.setTimeout(() => {
        const el = formRef.current?.querySelector<HTMLElement>(`[data-path="${first}"]`);
        (el?.querySelector<HTMLElement>('input, button, select') ?? el)?.focus();
      }, 0);
      return null;
    }
    return termsBody(draft);
  };

  /**
   * A refused save: the server's words by field go under their fields; what belongs to no field is answered for the
   * form's top (the server's message when every word found its field, nothing then).
   */
  const takeServerError = (err: unknown): string | null => {
    const fields = err instanceof ApiError && err.status === 400 ? serverFieldErrors(err.response) : null;
    if (!fields) return err instanceof Error && err.message ? err.message : MSG.somethingWentWrong;
    const mine = Object.fromEntries(Object.entries(fields).filter(([p]) => isFieldPath(p, draft.deliverables.length)));
    setServer(mine);
    const rest = Object.entries(fields).filter(([p]) => !(p in mine));
    return rest.length > 0 ? (rest[0]?.[1] ?? null) : null;
  };

  return { draft, errors, shown, touch, change, submit, takeServerError, formRef };
}

export type TTermsForm = ReturnType<typeof useTermsForm>;

type TChoice = { value: string; label: string };

/** A choice at any width: Mantine's Select on a desktop (with the options drawn by `renderOption`), the phone's own on a phone. */
function Choice({
  label,
  data,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  placeholder,
  leftSection,
  renderOption,
  path,
}: {
  label: string;
  data: TChoice[];
  value: string;
  onChange: (v: string) => void;
  onBlur: () => void;
  error?: string;
  disabled?: boolean;
  placeholder: string;
  leftSection?: ReactNode;
  renderOption?: SelectProps['renderOption'];
  path: string;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone)
    return (
      <NativeSelect
        label={label}
        data={[{ value: '', label: placeholder, disabled: value !== '' }, ...data]}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        leftSection={leftSection}
        data-path={path}
        withAsterisk
      />
    );
  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
      placeholder={placeholder}
      leftSection={leftSection}
      renderOption={renderOption}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      data-path={path}
      withAsterisk
    />
  );
}

/** A network's mark beside its name, which already says it: hidden from screen readers. */
const Mark = ({ network, size }: { network: TSocialNetworkKey; size: number }) => (
  <Box component="span" aria-hidden style={{ display: 'inline-flex' }}>
    <NetworkTile network={network} size={size} />
  </Box>
);

const networkOption: SelectProps['renderOption'] = ({ option }) => (
  <Group gap={8} wrap="nowrap">
    <Mark network={option.value as TSocialNetworkKey} size={20} />
    <span>{option.label}</span>
  </Group>
);

const toDay = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '');

function DeliverableRow({
  form,
  campaign,
  index,
  row,
  canRemove,
  disabled,
}: {
  form: TTermsForm;
  campaign: TTermsCampaign;
  index: number;
  row: TDeliverableDraft;
  canRemove: boolean;
  disabled: boolean;
}) {
  const { draft, shown, touch, change } = form;
  const at = (field: string) => `deliverables.${index}.${field}`;
  const set = (next: TDeliverableDraft, fields: string[]) =>
    change(
      { ...draft, deliverables: draft.deliverables.map((d, i) => (i === index ? next : d)) },
      // a row's network and post type are read together (one row per pair)
      fields.map(at),
    );
  const remove = () =>
    change(
      { ...draft, deliverables: draft.deliverables.filter((_, i) => i !== index) },
      // the rows below move up: the server's words by row no longer name them
      draft.deliverables.flatMap((_, i) => ['network', 'postType', 'count', 'dueDate'].map((f) => `deliverables.${i}.${f}`)),
    );
  const types = postTypesOf(row.network);
  const number = index + 1;
  const start = campaign.startDate.slice(0, 10);
  const end = campaign.endDate.slice(0, 10);
  return (
    <Box
      role="group"
      aria-label={`Deliverable ${number}`}
      p={{ base: 'sm', sm: 'md' }}
      style={{ border: '1px solid var(--mantine-color-gray-2)', borderRadius: 'var(--mantine-radius-md)', minWidth: 0 }}
      data-testid="deliverable"
    >
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Text size="sm" fw={600} aria-hidden>
          Deliverable {number}
        </Text>
        {canRemove && (
          <Tooltip label={`Remove deliverable ${number}`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={remove}
              disabled={disabled}
              aria-label={`Remove deliverable ${number}`}
            >
              <IconTrash size={18} stroke={1.75} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {/* the network's name is the longest: its column is the widest */}
      <Grid gap="sm">
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <Choice
            label="Network"
            path={at('network')}
            data={NETWORK_OPTIONS}
            value={row.network}
            onChange={(v) => set(withNetwork(row, v as TSocialNetworkKey | ''), ['network', 'postType'])}
            onBlur={() => touch(at('network'))}
            error={shown(at('network'))}
            disabled={disabled}
            placeholder="Choose"
            leftSection={row.network ? <Mark network={row.network} size={18} /> : undefined}
            renderOption={networkOption}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <Choice
            label="Post type"
            path={at('postType')}
            data={types.map((t) => ({ value: t, label: postTypeLabel(t) }))}
            value={row.postType}
            onChange={(v) => set({ ...row, postType: v as TDeliverableDraft['postType'] }, ['postType', 'network'])}
            onBlur={() => touch(at('postType'))}
            error={shown(at('postType'))}
            disabled={disabled || !row.network}
            placeholder={row.network ? 'Choose' : 'Network first'}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <NumberInput
            label="Count"
            data-path={at('count')}
            value={row.count}
            onChange={(v) => set({ ...row, count: typeof v === 'number' ? v : '' }, ['count'])}
            onBlur={() => touch(at('count'))}
            error={shown(at('count'))}
            disabled={disabled}
            min={1}
            max={DELIVERABLE_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="numeric"
            withAsterisk
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <DatePickerInput
            label="Due date"
            data-path={at('dueDate')}
            placeholder="Pick a day"
            value={row.dueDate || null}
            onChange={(v) => {
              set({ ...row, dueDate: toDay(v) }, ['dueDate']);
              touch(at('dueDate'));
            }}
            onDropdownClose={() => touch(at('dueDate'))}
            error={shown(at('dueDate'))}
            disabled={disabled}
            minDate={start}
            maxDate={end}
            defaultDate={row.dueDate || start}
            valueFormat="MMM D, YYYY"
            popoverProps={{ withinPortal: true, zIndex: 400 }}
            withAsterisk
          />
        </Grid.Col>
      </Grid>
    </Box>
  );
}

type TEditorProps = {
  form: TTermsForm;
  campaign: TTermsCampaign;
  disabled?: boolean;
};

/**
 * Terms: rows of deliverables (a network, one of its post types, how many, a due day among the campaign's days), up
 * to DELIVERABLES_MAX, and a fee in USD (0 for a deal without money, at most the budget). Every field's words are the
 * domain's, as the server applies them; the server's own come under the same fields.
 */
export function TermsEditor({ form, campaign, disabled = false }: TEditorProps) {
  const { draft, shown, touch, change } = form;
  const listError = shown('deliverables');
  const add = () => change({ ...draft, deliverables: [...draft.deliverables, emptyDeliverable(campaign)] }, ['deliverables']);
  return (
    <Stack gap="md" ref={form.formRef as RefObject<HTMLDivElement>}>
      <Stack gap="sm" role="group" aria-label="Deliverables">
        {draft.deliverables.map((row, i) => (
          <DeliverableRow
            key={row.key}
            form={form}
            campaign={campaign}
            index={i}
            row={row}
            canRemove={draft.deliverables.length > 1}
            disabled={disabled}
          />
        ))}
        {listError && <FieldWords>{listError}</FieldWords>}
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
            disabled={disabled || !canAddDeliverable(draft)}
          >
            Add deliverable
          </Button>
          {!canAddDeliverable(draft) && (
            <Text size="sm" c="dimmed">
              At most {DELIVERABLES_MAX} deliverables.
            </Text>
          )}
        </Group>
      </Stack>
      <NumberInput
        label="Fee (USD)"
        description={`0 for a deal without money; at most the campaign’s budget, ${usd(campaign.budget)}.`}
        data-path="fee"
        prefix="$"
        decimalScale={2}
        thousandSeparator=","
        allowNegative={false}
        clampBehavior="none"
        hideControls
        inputMode="decimal"
        value={draft.fee}
        onChange={(v) => change({ ...draft, fee: String(v) }, ['fee'])}
        onBlur={() => touch('fee')}
        error={shown('fee')}
        disabled={disabled}
        styles={{ wrapper: { maxWidth: 280 } }}
        withAsterisk
      />
    </Stack>
  );
}

/** Words for the form's list itself (not one field), as a field's error reads: red, with an icon. */
function FieldWords({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" role="alert">
      <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm" c="red.9">
        {children}
      </Text>
    </Group>
  );
}
