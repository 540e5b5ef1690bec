import {
  ActionIcon,
  Button,
  Container,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconFileImport, IconSpeakerphone } from '@tabler/icons-react';
import { canOwnCampaigns, dayInZone } from '@virality/domain';
import { type ReactNode, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import {
  browserZone,
  CALENDAR_VIEWS,
  calendarSearch,
  readCalendarParams,
  stepLabel,
  stepOf,
  type TCalendarView,
  titleOf,
} from '../lib/calendar-view';
import { useClock } from '../lib/use-clock';
import { DayView } from './day-view';
import { MonthView } from './month-view';
import { WeekView } from './week-view';

const VIEW_LABELS: Record<TCalendarView, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * /calender: the organization's posts by day, week or month, every time on the browser's clock. The address keeps
 * the view and the chosen day (?view=month&date=2026-11-01). An IMC user's calendar is for campaigns: the month marks
 * the days they start, a day lists those starting on it, and each opens its page. Those who run campaigns (IMC,
 * brands) start one from here; a post is created from the navigation's button, always in sight.
 */
export function CalendarPage() {
  const { data: user } = useCurrentUser();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, { getInitialValueInEffect: false });
  const zone = useMemo(browserZone, []);
  const now = useClock();
  const today = dayInZone(now, zone);
  const [params, setParams] = useSearchParams();
  const { view, day } = readCalendarParams(params, today);
  const imc = user?.profileType === 'IMC';

  const go = (nextView: TCalendarView, nextDay: string, replace = false) =>
    setParams(new URLSearchParams(calendarSearch(nextView, nextDay)), { replace });
  const openDay = (d: string) => go('day', d);

  let content: ReactNode = null;
  if (user) {
    // what every view is given: the chosen day, where today is, the reader's zone and kind, the width
    const shown = { day, today, zone, imc, phone: Boolean(phone), onChoose: (d: string) => go(view, d, true) };
    if (view === 'day') content = <DayView {...shown} now={now} />;
    else if (view === 'week') content = <WeekView {...shown} now={now} onOpenDay={openDay} />;
    else content = <MonthView {...shown} onOpenDay={openDay} />;
  }

  return (
    <Container size={1440} py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Calendar
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {imc ? 'Your campaigns by day' : 'Your posts by day'}, times in your time zone ({zone}).
            </Text>
          </div>
          <Group gap="sm">
            {user && !imc && (
              <Button
                component={Link}
                to={paths.bulkImport}
                variant="default"
                leftSection={<IconFileImport size={18} stroke={1.75} aria-hidden />}
              >
                Import from CSV
              </Button>
            )}
            {user && canOwnCampaigns(user.profileType) && (
              <Button
                component={Link}
                to={paths.createCampaign}
                variant="default"
                leftSection={<IconSpeakerphone size={18} stroke={1.75} aria-hidden />}
              >
                Create Campaign
              </Button>
            )}
          </Group>
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Tooltip label={stepLabel(view, -1)}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={stepLabel(view, -1)}
                onClick={() => go(view, stepOf(view, day, -1))}
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={stepLabel(view, 1)}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={stepLabel(view, 1)}
                onClick={() => go(view, stepOf(view, day, 1))}
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {/* always a live button (a greyed one reads as broken): on today it leaves the page as it is */}
            <Button
              variant="default"
              onClick={() => go(view, today, day === today)}
              aria-current={day === today ? 'date' : undefined}
            >
              Today
            </Button>
            <Title order={2} fz={{ base: 16, sm: 20 }} fw={650} ml={4} aria-live="polite">
              {titleOf(view, day)}
            </Title>
          </Group>
          <SegmentedControl
            aria-label="Calendar view"
            value={view}
            onChange={(v) => go(v as TCalendarView, day)}
            data={CALENDAR_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
            w={{ base: '100%', xs: 'auto' }}
          />
        </Group>
        {content}
      </Stack>
    </Container>
  );
}
