import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  CAMPAIGN_BRIEF_MAX,
  CAMPAIGN_MSG,
  CAMPAIGN_NAME_MAX,
  campaignBudgetIssue,
  campaignDayIssues,
  dayInZone,
  MSG,
  type TCampaignPerson,
  zCampaignCreate,
} from '@virality/domain';
import dayjs from 'dayjs';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import classes from '../../../components/required-mark.module.css';
import { RequiredNote } from '../../../components/required-note';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { useCreateCampaign } from '../api/create-campaign';
import { browserZone } from '../api/keys';
import { CampaignFrame } from './campaign-parts';
import { InfluencerPicker } from './influencer-picker';

type TField = 'name' | 'brief' | 'budget' | 'startDate' | 'endDate';
const FIELDS: TField[] = ['name', 'brief', 'budget', 'startDate', 'endDate'];

export type TCampaignFormValues = {
  name: string;
  brief: string;
  /** As typed, USD: '1500', '99.90'. */
  budget: string;
  startDate: string;
  endDate: string;
  influencers: TCampaignPerson[];
};

const EMPTY: TCampaignFormValues = { name: '', brief: '', budget: '', startDate: '', endDate: '', influencers: [] };

/** Each field's words by the rules the server applies (name and brief by the create schema, budget and days by theirs). */
export function campaignFormErrors(v: TCampaignFormValues, today: string): Partial<Record<TField, string>> {
  const out: Partial<Record<TField, string>> = {};
  const name = zCampaignCreate.shape.name.safeParse(v.name);
  if (!name.success) out.name = name.error.issues[0]?.message;
  const brief = zCampaignCreate.shape.brief.safeParse(v.brief);
  if (!brief.success) out.brief = brief.error.issues[0]?.message;
  const budget = campaignBudgetIssue(v.budget);
  if (budget) out.budget = budget;
  Object.assign(out, campaignDayIssues(v.startDate, v.endDate, today));
  return out;
}

const toDay = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD') : '');

/**
 * /createcampaignb: an IMC or a brand starts a campaign: its name, brief, budget in USD, first and last day (not
 * before today in the browser's zone, the end not before the start) and the influencers to tag. Fields are checked
 * with the server's rules and words; what the server still refuses is shown above the form.
 */
export function CreateCampaignPage({ today: todayProp }: { today?: string }) {
  const navigate = useNavigate();
  const create = useCreateCampaign();
  const formError = useFormError();
  const [zone] = useState(browserZone);
  const [today] = useState(() => todayProp ?? dayInZone(new Date(), zone));
  const [values, setValues] = useState<TCampaignFormValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // the call has answered and the page is moving on: the button stays busy
  const [leaving, setLeaving] = useState(false);
  const busy = create.isPending || leaving;

  const errors = campaignFormErrors(values, today);
  const shown = (f: TField) => (touched[f] ? errors[f] : undefined);
  const set = <K extends keyof TCampaignFormValues>(field: K, value: TCampaignFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const touch = (f: TField) => setTouched((t) => ({ ...t, [f]: true }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    const first = FIELDS.find((f) => errors[f]);
    if (first) {
      // the first field in error takes the focus, so its words are read out
      window.setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(), 0);
      return;
    }
    formError.clear();
    create.mutate(
      {
        name: values.name.trim(),
        brief: values.brief.trim(),
        budget: values.budget.trim(),
        startDate: values.startDate,
        endDate: values.endDate,
        influencerIds: values.influencers.map((i) => i._id),
        timeZone: zone,
      },
      {
        onSuccess: (campaign) => {
          setLeaving(true);
          notifySuccess(CAMPAIGN_MSG.created);
          navigate(paths.campaign.replace(':id', encodeURIComponent(campaign._id)));
        },
        onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
      },
    );
  };

  return (
    <CampaignFrame
      title="Create Campaign"
      subtitle="Set the brief and the budget, choose the days it runs and tag the influencers you want to work with."
      back={{ to: paths.campaigns, label: 'Campaigns' }}
      size={720}
    >
      <Paper
        component="form"
        ref={formRef}
        noValidate
        onSubmit={submit}
        withBorder
        radius="lg"
        shadow="xs"
        p={{ base: 'md', sm: 'xl' }}
        className={classes.marksRequired}
        aria-label="Create Campaign"
      >
        <Stack gap="md">
          <RequiredNote>Amounts are in US dollars.</RequiredNote>
          <FormErrorAlert error={formError.error} />
          <TextInput
            label="Campaign name"
            data-field="name"
            aria-required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            onBlur={() => touch('name')}
            error={shown('name')}
            maxLength={CAMPAIGN_NAME_MAX}
            autoComplete="off"
          />
          <Textarea
            label="Brief"
            description="What the influencers should make, say and show."
            data-field="brief"
            aria-required
            value={values.brief}
            onChange={(e) => set('brief', e.currentTarget.value)}
            onBlur={() => touch('brief')}
            error={shown('brief')}
            maxLength={CAMPAIGN_BRIEF_MAX}
            autosize
            minRows={4}
            maxRows={12}
            inputWrapperOrder={['label', 'description', 'input', 'error']}
          />
          <Text size="xs" c="dimmed" ta="right" mt={-12} aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {values.brief.length} / {CAMPAIGN_BRIEF_MAX}
          </Text>
          <NumberInput
            label="Budget (USD)"
            data-field="budget"
            aria-required
            prefix="$"
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="decimal"
            value={values.budget}
            onChange={(v) => set('budget', String(v))}
            onBlur={() => touch('budget')}
            error={shown('budget')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DatePickerInput
              label="Start date"
              data-field="startDate"
              withAsterisk
              placeholder="Pick a day"
              value={values.startDate || null}
              onChange={(v) => {
                set('startDate', toDay(v));
                touch('startDate');
              }}
              onDropdownClose={() => touch('startDate')}
              error={shown('startDate')}
              minDate={today}
              defaultDate={values.startDate || today}
              valueFormat="MMM D, YYYY"
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            />
            <DatePickerInput
              label="End date"
              data-field="endDate"
              withAsterisk
              placeholder="Pick a day"
              value={values.endDate || null}
              onChange={(v) => {
                set('endDate', toDay(v));
                touch('endDate');
              }}
              onDropdownClose={() => touch('endDate')}
              error={shown('endDate')}
              minDate={today}
              defaultDate={values.endDate || values.startDate || today}
              valueFormat="MMM D, YYYY"
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            />
          </SimpleGrid>
          <InfluencerPicker
            chosen={values.influencers}
            onChange={(influencers) => set('influencers', influencers)}
            disabled={busy}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={() => navigate(paths.campaigns)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create Campaign
            </Button>
          </Group>
        </Stack>
      </Paper>
    </CampaignFrame>
  );
}
