import { Box, Button, Group, Modal, Progress, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconEye, IconPlus } from '@tabler/icons-react';
import {
  COMPOSER_MSG,
  dateAt,
  FREE_TIER_PLAN,
  MEDIA_MAX_FILES,
  mediaIssue,
  POST_MSG,
  scheduleIssue,
  schedulePlanEnd,
  storyIssue,
  type TPost,
  type TPostFormat,
  type TSocialNetworkKey,
} from '@virality/domain';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/use-current-user';
import { LinkAccountDialog } from '../../social/components/link-account-dialog';
import { useActiveCampaigns } from '../api/active-campaigns';
import { usePostingAccounts } from '../api/posting-accounts';
import {
  chosenAccounts,
  chosenNetworks,
  countIssue,
  emptyComposer,
  factsOf,
  formatOf,
  formatsOffered,
  isDirty,
  isStoryNetwork,
  isWideVideo,
  localOffsetAt,
  mayScheduleFor,
  mediaIssues,
  networkChecks,
  networkKeyOf,
  offeredNetworks,
  roleOf,
  stateFromDraft,
  submitCheck,
  type TComposerState,
  type TMediaItem,
  type TSubmitMode,
} from '../lib/compose';
import type { TComposerCampaign } from '../lib/composer-store';
import { kindOf, readMediaFacts } from '../lib/read-media';
import { TOAST_MS, toast } from '../lib/toasts';
import { AccountPicker } from './account-picker';
import { BestTimesHint } from './best-times-hint';
import { CaptionFields } from './caption-fields';
import { MediaPicker } from './media-picker';
import { NetworkPreview } from './network-preview';
import { FreeTierReached } from './plan-limit';
import { PostOptions } from './post-options';
import { PostResult } from './post-result';
import { QueueTimes, queueBlockers, useQueueTimes } from './queue-times';
import { ScheduleFields } from './schedule-fields';
import { useSubmitPost } from './use-submit-post';

// konva and its filters load only when an image is edited
const ImageEditor = lazy(() => import('./image-editor'));

type TProps = {
  opened: boolean;
  /** A saved draft to edit; null for a new post. */
  draft: TPost | null;
  /** The campaign a new post is made for (opened from the campaign's page), chosen at once. */
  campaign?: TComposerCampaign | null;
  onClose: () => void;
};

/** The Campaign field's "None". */
const NO_CAMPAIGN = 'none';

let nextId = 0;
const newId = () => `m${Date.now().toString(36)}${(nextId++).toString(36)}`;

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const id = `composer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz={16} fw={650} id={id}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The create-post dialog: channels and accounts, media (with the image editor), caption, per-network options,
 * schedule, and a live preview with each network's preflight beside it. Submit posts now, schedules, or saves a
 * draft (a business manager's always, for approval); with a draft given it edits that draft.
 */
export function CreatePostDialog({ opened, draft, campaign = null, onClose }: TProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // side by side, each column scrolling on its own, from the lg breakpoint
  const wide = useMediaQuery('(min-width: 64.0625em)');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const accountsQuery = usePostingAccounts();
  const accounts = accountsQuery.data ?? [];
  const initial = useMemo(
    () => (draft ? stateFromDraft(draft) : { ...emptyComposer(), campaignId: campaign?.id ?? null }),
    [draft, campaign],
  );
  const [state, setState] = useState<TComposerState>(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  // linking an account from here: the consent flow comes back to Home, where the composer opens again
  const [linking, setLinking] = useState(false);
  const update = (patch: Partial<TComposerState>) => setState((s) => ({ ...s, ...patch }));

  const role = user ? roleOf(user) : null;
  // an influencer may make a new post for one of the campaigns they accepted that run today
  const campaigns = useActiveCampaigns(user?.profileType === 'INFLUENCER' && !draft);
  const campaignOptions = useMemo(() => {
    const options = (campaigns.data ?? []).map((c) => ({ value: c._id, label: c.name }));
    if (campaign && !options.some((o) => o.value === campaign.id)) options.unshift({ value: campaign.id, label: campaign.name });
    return options;
  }, [campaigns.data, campaign]);
  const offered = role ? offeredNetworks(accounts, role) : [];
  const networks = chosenNetworks(state, accounts);
  const chosen = chosenAccounts(state, accounts);
  const planEnd = user ? schedulePlanEnd(user.profileType, user.subscriptionDetails) : null;
  const maySchedule = role ? mayScheduleFor(role, networks, offered) : false;
  // added to the queue: when each chosen account's post would go, read before it is sent
  const queueTimes = useQueueTimes(state.queueOn ? chosen : []);

  const close = () => {
    for (const m of state.media) if (m.file) URL.revokeObjectURL(m.previewUrl);
    onClose();
  };
  const go = (path: string) => navigate(path);
  const submitter = useSubmitPost({
    state,
    setState,
    accounts,
    userId: user?._id ?? '',
    isManager: role?.isManager ?? false,
    freeTier: user?.profileType === 'INFLUENCER' && user.subscriptionDetails?.planType === FREE_TIER_PLAN,
    planEnd,
    draft,
    close,
    go,
  });
  const busy = submitter.phase !== 'idle';

  // the object URLs of files chosen here are let go when the dialog goes away
  const mediaRef = useRef(state.media);
  mediaRef.current = state.media;
  useEffect(
    () => () => {
      for (const m of mediaRef.current) if (m.file) URL.revokeObjectURL(m.previewUrl);
    },
    [],
  );

  // a video wider than 1920 is a 2kvideo: Instagram does not take it, and is told for 9 s when it is chosen
  const wideForInstagram = isWideVideo(state) && networks.includes('instagram');
  const toldWide = useRef(false);
  useEffect(() => {
    if (wideForInstagram && !toldWide.current) toast(POST_MSG.instagramResolution, 'orange', TOAST_MS.videoHint, 'instagram-2k');
    toldWide.current = wideForInstagram;
  }, [wideForInstagram]);

  const requestClose = () => {
    if (busy) return;
    if (!submitter.result && isDirty(state, initial))
      modals.openConfirmModal({
        title: 'Discard this post?',
        centered: true,
        size: 'sm',
        zIndex: 400,
        children: <Text size="sm">{COMPOSER_MSG.closeConfirm}</Text>,
        labels: { confirm: 'Discard', cancel: 'Keep editing' },
        confirmProps: { color: 'red' },
        onConfirm: close,
      });
    else close();
  };

  // ── channels and accounts ──
  const toggleNetwork = (n: TSocialNetworkKey) =>
    setState((s) => {
      if (s.networks.includes(n)) {
        const drop = new Set(accounts.filter((a) => networkKeyOf(a) === n).map((a) => a.id));
        return { ...s, networks: s.networks.filter((x) => x !== n), accountIds: s.accountIds.filter((id) => !drop.has(id)) };
      }
      // a network with one account that can post: that account is chosen with it
      const usable = accounts.filter((a) => networkKeyOf(a) === n && a.Status !== 'needs_reconnect');
      return {
        ...s,
        networks: [...s.networks, n],
        accountIds: usable.length === 1 ? [...new Set([...s.accountIds, usable[0].id])] : s.accountIds,
      };
    });
  const toggleAccount = (id: string) =>
    setState((s) => ({
      ...s,
      accountIds: s.accountIds.includes(id) ? s.accountIds.filter((x) => x !== id) : [...s.accountIds, id],
    }));

  // ── media ──
  async function addFiles(files: File[], via: 'drop' | 'pick') {
    if (files.length === 0) return;
    if (!state.multi) {
      if (files.length > 1) {
        const videos = files.every((f) => kindOf(f.type) === 'video');
        toast(via === 'drop' ? POST_MSG.singleDrop : videos ? POST_MSG.oneVideo : POST_MSG.oneImage, 'red', TOAST_MS.error);
        return;
      }
      if (state.media.length > 0) {
        toast(state.media[0].facts.kind === 'video' ? POST_MSG.oneVideo : POST_MSG.oneImage, 'red', TOAST_MS.error);
        return;
      }
    } else if (state.media.length + files.length > MEDIA_MAX_FILES) {
      toast(POST_MSG.maxFiles, 'red', TOAST_MS.error);
      return;
    }
    const ctx = { multi: state.multi, instagram: networks.includes('instagram') };
    const read = await Promise.all(files.map(async (file) => ({ file, facts: await readMediaFacts(file) })));
    const taken: TMediaItem[] = [];
    for (const { file, facts } of read) {
      const issue = mediaIssue(facts, ctx);
      if (issue) {
        toast(issue, 'red', TOAST_MS.error);
        continue;
      }
      taken.push({
        id: newId(),
        file,
        previewUrl: URL.createObjectURL(file),
        name: file.name,
        facts,
        uploaded: null,
        edited: false,
      });
    }
    if (taken.length) setState((s) => ({ ...s, media: [...s.media, ...taken].slice(0, MEDIA_MAX_FILES) }));
  }
  const removeMedia = (id: string) =>
    setState((s) => {
      const m = s.media.find((x) => x.id === id);
      if (m?.file) URL.revokeObjectURL(m.previewUrl);
      return { ...s, media: s.media.filter((x) => x.id !== id) };
    });
  async function applyEdit(id: string, file: File) {
    setEditing(null);
    const facts = await readMediaFacts(file);
    setState((s) => ({
      ...s,
      media: s.media.map((m) => {
        if (m.id !== id) return m;
        if (m.file) URL.revokeObjectURL(m.previewUrl);
        return { ...m, file, name: file.name, previewUrl: URL.createObjectURL(file), facts, uploaded: null, edited: true };
      }),
    }));
  }
  const editingItem = state.media.find((m) => m.id === editing && m.file);

  // ── schedule ──
  const today = dateAt(new Date(), -new Date().getTimezoneOffset());
  const lastDay = planEnd ? dayjs(planEnd).subtract(1, 'day').format('YYYY-MM-DD') : null;
  const checkSchedule = (date: string | null, time: string) => {
    if (!date || !time) {
      setScheduleError(null);
      return;
    }
    const issue = scheduleIssue({ date, time, now: new Date(), offsetMinutes: localOffsetAt(date, time), planEnd });
    setScheduleError(issue);
    if (issue) toast(issue, 'red', TOAST_MS.date, 'schedule-issue');
  };

  // ── checks ──
  const strictDraft = Boolean(role?.isManager);
  const check = submitCheck(state, accounts, { submitting: busy, strictDraft });
  const checks = networkChecks(state, accounts);
  const itemIssues = mediaIssues(state, networks);
  const storyIssues: Partial<Record<TSocialNetworkKey, string>> = {};
  for (const n of networks) {
    const issue = storyIssue(n, formatOf(state, n), factsOf(state));
    if (issue) storyIssues[n] = issue;
  }
  const formatsByNetwork: Partial<Record<TSocialNetworkKey, TPostFormat[]>> = {};
  for (const n of networks) if (isStoryNetwork(n)) formatsByNetwork[n] = formatsOffered(n, factsOf(state));
  const currentFormats: Partial<Record<TSocialNetworkKey, TPostFormat>> = {};
  for (const n of networks) currentFormats[n] = formatOf(state, n);

  const limitReached = Boolean(role?.limitReached) && !draft;
  const scheduleDisabledReason = !role
    ? null
    : role.isManager && !maySchedule
      ? 'Your role does not include scheduling on these networks'
      : null;
  const firstQueued = queueTimes.find((t) => t.state === 'slot');
  const when = state.queueOn
    ? firstQueued?.state === 'slot'
      ? firstQueued.text
      : 'Next free slot'
    : state.scheduleOn && state.date && state.time
      ? dayjs(`${state.date}T${state.time}`).format('ddd D MMM, HH:mm')
      : 'Just now';
  // a queue that cannot take the post says why on the button's line (the server would refuse it in the same words)
  const queueIssues = state.queueOn
    ? [...queueBlockers(queueTimes), ...(queueTimes.some((t) => t.state === 'loading') ? ['Reading the queues…'] : [])]
    : [];

  // ── the buttons ──
  type TAction = { label: string; mode: TSubmitMode; primary: boolean; blockers: string[] };
  const actions: TAction[] = !role
    ? []
    : draft
      ? [{ label: COMPOSER_MSG.saveChanges, mode: 'draft', primary: true, blockers: check.draftBlockers }]
      : role.isManager
        ? [{ label: COMPOSER_MSG.saveDraftForApproval, mode: 'draft', primary: true, blockers: check.draftBlockers }]
        : limitReached
          ? // a free-tier influencer at its limit is offered no draft and no schedule: Post Now asks the server,
            // which refuses it ("Post limit exceeded: you have used all your posts.") unless the free tier has renewed meanwhile
            [{ label: COMPOSER_MSG.postNow, mode: 'now', primary: true, blockers: check.blockers }]
          : [
              { label: COMPOSER_MSG.saveDraft, mode: 'draft' as const, primary: false, blockers: check.draftBlockers },
              state.queueOn
                ? { label: 'Add to queue', mode: 'queue' as const, primary: true, blockers: [...check.blockers, ...queueIssues] }
                : state.scheduleOn
                  ? { label: COMPOSER_MSG.schedulePost, mode: 'schedule' as const, primary: true, blockers: check.blockers }
                  : { label: COMPOSER_MSG.postNow, mode: 'now' as const, primary: true, blockers: check.blockers },
            ];
  const primary = actions.find((a) => a.primary);
  const hint = busy ? null : primary?.blockers[0];
  const issueCount = checks.reduce((n, c) => n + c.limits.length + c.rules.length, 0);

  const header = (
    <Modal.Header style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Title order={2} fz={20} fw={650}>
        {draft ? COMPOSER_MSG.editTitle : COMPOSER_MSG.dialogLabel}
      </Title>
      <Modal.CloseButton aria-label="Close" />
    </Modal.Header>
  );

  let body: ReactNode;
  if (submitter.result) {
    body = (
      <Box p="md" maw={640} mx="auto" w="100%">
        <PostResult
          result={submitter.result.result}
          sentLabel={submitter.result.sentLabel}
          queuedZones={
            submitter.result.queued
              ? Object.fromEntries(queueTimes.map((t) => [t.account.id, t.state === 'slot' ? t.zone : null]))
              : null
          }
        />
      </Box>
    );
  } else if (!user || !role) {
    body = (
      <Stack p="md" gap="md">
        <Skeleton h={36} w="60%" />
        <Skeleton h={140} />
        <Skeleton h={100} />
      </Stack>
    );
  } else {
    const composer = (
      <Stack gap="xl">
        {limitReached && <FreeTierReached go={go} />}
        <Section
          title="Post to"
          aside={
            !role.isManager &&
            offered.length > 0 && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setLinking(true)}
                disabled={busy}
              >
                Link an account
              </Button>
            )
          }
        >
          <AccountPicker
            loading={accountsQuery.isPending}
            isManager={role.isManager}
            offered={offered}
            networks={state.networks.filter((n) => offered.includes(n))}
            accounts={accounts}
            accountIds={state.accountIds}
            onToggleNetwork={toggleNetwork}
            onToggleAccount={toggleAccount}
            onLink={() => setLinking(true)}
          />
        </Section>
        {campaignOptions.length > 0 && (
          <Select
            label="Campaign"
            description="Make this post for a campaign you accepted (optional)."
            data={[{ value: NO_CAMPAIGN, label: 'None' }, ...campaignOptions]}
            value={state.campaignId ?? NO_CAMPAIGN}
            onChange={(v) => update({ campaignId: v && v !== NO_CAMPAIGN ? v : null })}
            allowDeselect={false}
            disabled={busy}
            maw={420}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
          />
        )}
        <Section title="Media">
          <MediaPicker
            multi={state.multi}
            media={state.media}
            issues={itemIssues}
            countIssue={countIssue(state)}
            busy={busy}
            onFiles={(files, via) => void addFiles(files, via)}
            onRemove={removeMedia}
            onEdit={setEditing}
            onMulti={(multi) => update({ multi })}
          />
        </Section>
        <Section title="Caption">
          <CaptionFields
            caption={state.caption}
            title={state.title}
            categoryId={state.categoryId}
            networks={networks}
            youtubeAccountId={chosen.find((a) => networkKeyOf(a) === 'youtube')?.id ?? null}
            disabled={busy}
            onCaption={(caption) => update({ caption })}
            onTitle={(title) => update({ title })}
            onCategory={(categoryId) => update({ categoryId })}
          />
        </Section>
        {(Object.keys(formatsByNetwork).length > 0 || networks.includes('tiktok') || networks.includes('youtube')) && (
          <Section title="Options">
            <PostOptions
              networks={networks}
              tiktokAccounts={chosen.filter((a) => networkKeyOf(a) === 'tiktok')}
              formats={currentFormats}
              offered={formatsByNetwork}
              storyIssues={storyIssues}
              tiktokPrivacy={state.tiktokPrivacy}
              youtubePrivacy={state.youtubePrivacy}
              disabled={busy}
              onFormat={(n, f) => isStoryNetwork(n) && setState((s) => ({ ...s, formats: { ...s.formats, [n]: f } }))}
              onTikTokPrivacy={(id, v) =>
                setState((s) => {
                  const next = { ...s.tiktokPrivacy };
                  if (v) next[id] = v;
                  else delete next[id];
                  return { ...s, tiktokPrivacy: next };
                })
              }
              onYouTubePrivacy={(youtubePrivacy) => update({ youtubePrivacy })}
            />
          </Section>
        )}
        {!limitReached && (
          <Section title="Schedule">
            <ScheduleFields
              on={state.scheduleOn}
              date={state.date}
              time={state.time}
              minDate={today}
              maxDate={lastDay}
              error={state.scheduleOn ? scheduleError : null}
              disabled={busy || !maySchedule}
              disabledReason={scheduleDisabledReason}
              onToggle={(on) => {
                update(on ? { scheduleOn: true, queueOn: false } : { scheduleOn: false });
                if (!on) setScheduleError(null);
              }}
              queueOn={state.queueOn}
              onQueueToggle={(on) => {
                update(on ? { queueOn: true, scheduleOn: false } : { queueOn: false });
                if (on) setScheduleError(null);
              }}
              queueDetail={<QueueTimes times={queueTimes} isManager={role.isManager} />}
              hint={<BestTimesHint accounts={chosen} />}
              onDate={(date) => {
                update({ date });
                checkSchedule(date, state.time);
              }}
              onTime={(time) => {
                update({ time });
                checkSchedule(state.date, time);
              }}
            />
          </Section>
        )}
      </Stack>
    );
    const preview = (
      <Section
        title="Preview"
        aside={
          networks.length > 0 &&
          (issueCount > 0 ? (
            <Group gap={4} c="red.9">
              <IconAlertTriangle size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {issueCount === 1 ? '1 issue to fix' : `${issueCount} issues to fix`}
              </Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Checked against each network's limits
            </Text>
          ))
        }
      >
        {networks.length === 0 ? (
          <Stack align="center" gap={6} py="xl" px="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
            <IconEye size={28} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fw={600} size="sm">
              Your preview appears here
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              Choose an account to see the post as each network will show it, and what it would refuse.
            </Text>
          </Stack>
        ) : (
          <Stack gap="md">
            {checks.map((c) => (
              <NetworkPreview
                key={c.network}
                network={c.network}
                accounts={chosen.filter((a) => networkKeyOf(a) === c.network)}
                caption={state.caption}
                title={state.title}
                media={state.media}
                format={formatOf(state, c.network)}
                check={c}
                when={when}
              />
            ))}
          </Stack>
        )}
      </Section>
    );
    body = wide ? (
      // a row that fills the body (a flex item, so its height is the body's), each column scrolling within it
      <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box p="md" pr="xl" style={{ flex: 7, minWidth: 0, overflowY: 'auto' }}>
          {composer}
        </Box>
        {/* the previews hold nothing to focus: the column itself takes the keyboard, so arrow keys scroll it */}
        <Box
          p="md"
          bg="gray.0"
          tabIndex={0}
          role="region"
          aria-label="Previews"
          style={{ flex: 5, minWidth: 0, overflowY: 'auto', borderLeft: '1px solid var(--mantine-color-gray-2)' }}
        >
          {preview}
        </Box>
      </Box>
    ) : (
      <Stack gap={0}>
        <Box p="md">{composer}</Box>
        <Box p="md" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {preview}
        </Box>
      </Stack>
    );
  }

  const footer = (
    <Box
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', background: 'var(--mantine-color-body)', flex: 'none' }}
    >
      {submitter.result ? (
        <Group justify="flex-end">
          <Button onClick={close} size={phone ? 'md' : 'sm'}>
            Done
          </Button>
        </Group>
      ) : (
        <Stack gap={8}>
          {submitter.phase === 'uploading' && (
            <Progress value={Math.round(submitter.progress * 100)} size="sm" aria-label="Upload progress" animated striped />
          )}
          <Group justify="space-between" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
            <Text size="sm" c={hint ? 'dimmed' : undefined} aria-live="polite" style={{ flex: 1, minWidth: 0 }} lineClamp={2}>
              {submitter.phase === 'uploading'
                ? `Uploading… ${Math.round(submitter.progress * 100)}%`
                : submitter.phase === 'checking'
                  ? 'Checking…'
                  : submitter.phase === 'sending'
                    ? 'Sending…'
                    : (hint ?? '')}
            </Text>
            <Group gap="sm" wrap="nowrap" style={phone ? { width: '100%' } : undefined}>
              {actions.map((a) => (
                <Button
                  key={a.label}
                  variant={a.primary ? 'filled' : 'default'}
                  disabled={a.blockers.length > 0}
                  loading={busy && a.primary}
                  onClick={() => void submitter.submit(a.mode)}
                  size={phone ? 'md' : 'sm'}
                  style={phone ? { flex: 1 } : undefined}
                >
                  {a.label}
                </Button>
              ))}
            </Group>
          </Group>
        </Stack>
      )}
    </Box>
  );

  return (
    <>
      {editingItem?.file && (
        <Suspense fallback={null}>
          <ImageEditor
            file={editingItem.file}
            onApply={(f) => void applyEdit(editingItem.id, f)}
            onCancel={() => setEditing(null)}
          />
        </Suspense>
      )}
      <LinkAccountDialog opened={linking} onClose={() => setLinking(false)} origin="Modal" />
      <Modal.Root
        opened={opened}
        onClose={requestClose}
        fullScreen={phone}
        size={1180}
        centered
        closeOnEscape={!editing}
        styles={{
          content: { display: 'flex', flexDirection: 'column', overflow: 'hidden' },
        }}
      >
        <Modal.Overlay />
        <Modal.Content
          aria-label={draft ? COMPOSER_MSG.editTitle : COMPOSER_MSG.dialogLabel}
          radius={phone ? 0 : 'lg'}
          h={wide ? 'min(920px, calc(100dvh - 2 * var(--modal-y-offset)))' : undefined}
        >
          {header}
          <Box
            style={{
              flex: 1,
              minHeight: 0,
              display: wide ? 'flex' : undefined,
              flexDirection: 'column',
              overflowY: wide && !submitter.result ? 'hidden' : 'auto',
              overscrollBehavior: 'contain',
            }}
          >
            {body}
          </Box>
          {footer}
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
