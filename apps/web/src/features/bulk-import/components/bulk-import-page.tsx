import { Alert, Anchor, Button, Container, FileInput, Group, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendar, IconCircleCheck, IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { BULK_ROWS_MAX, type TBulkImportResult, type TBulkPreview } from '@virality/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { TEMPLATE_URL, useImportBulk, usePreviewBulk } from '../api/bulk-import';
import { canImport, momentText, newImportKey, summaryText } from '../lib/import-state';
import { PreviewList } from './preview-list';

/** What the page holds for the chosen file: the file, its import key, and the server's preview of it. */
type TChosen = { file: File; importKey: string; preview: TBulkPreview | null };

/**
 * /posts/import: bulk scheduling from a CSV file. Download the template, choose a file, read the preview (each row
 * with its errors in the app's words), and import: every post or none. A file imported before says when and asks
 * before importing it again. The import key is made when the file is chosen, so a retry after a lost answer never
 * imports the file twice.
 */
export function BulkImportPage() {
  const theme = useMantineTheme();
  const phone = Boolean(
    useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.1px))`, false, { getInitialValueInEffect: false }),
  );
  const [chosen, setChosen] = useState<TChosen | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; result: TBulkImportResult } | null>(null);
  const preview = usePreviewBulk();
  const importing = useImportBulk();
  const { error, show, clear } = useFormError();

  const choose = (file: File | null) => {
    clear();
    setResult(null);
    setDuplicateOf(null);
    if (!file) return setChosen(null);
    const next: TChosen = { file, importKey: newImportKey(), preview: null };
    setChosen(next);
    preview.mutate(file, {
      onSuccess: (p) => {
        setChosen({ ...next, preview: p });
        setDuplicateOf(p.importedBefore);
      },
      onError: (e) => show(e.message),
    });
  };

  const runImport = (confirmDuplicate: boolean) => {
    if (!chosen) return;
    clear();
    importing.mutate(
      { file: chosen.file, importKey: chosen.importKey, confirmDuplicate },
      {
        onSuccess: (done) => {
          setResult(done);
          notifySuccess(done.message);
        },
        onError: (e) => {
          const response = e instanceof ApiError ? (e.response as Record<string, unknown> | null) : null;
          if (e instanceof ApiError && e.status === 409 && typeof response?.importedAt === 'string')
            setDuplicateOf(response.importedAt);
          else if (e instanceof ApiError && response && Array.isArray(response.rows))
            setChosen({ ...chosen, preview: response as unknown as TBulkPreview });
          show(e.message);
        },
      },
    );
  };

  const p = chosen?.preview ?? null;
  const ready = canImport(p);
  const n = p?.rows.length ?? 0;

  return (
    <Container size={1200} py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.calender} size="sm">
          ← Calendar
        </Anchor>
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Import posts from a CSV file
            </Title>
            <Text c="dimmed" size="sm" mt={4} maw={720}>
              One row per post, at most {BULK_ROWS_MAX}. Nothing is imported until every row is right.
            </Text>
          </div>
          <Button
            component="a"
            href={TEMPLATE_URL}
            download
            variant="default"
            leftSection={<IconDownload size={18} stroke={1.75} aria-hidden />}
          >
            Download the template
          </Button>
        </Group>

        <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <Text size="sm">
              Columns: <b>text</b>; <b>accounts</b> as network:username, separated by <code>;</code> (instagram, facebook,
              youtube, linkedin, twitter, threads); <b>when</b>, a date and time with its offset such as 2031-07-01T09:00+02:00,
              or <code>queue</code>; <b>media</b>, https addresses or addresses of files uploaded here, separated by{' '}
              <code>;</code>.
            </Text>
            <FileInput
              label="CSV file"
              placeholder="Choose a CSV file"
              accept=".csv,text/csv"
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the file' }}
              value={chosen?.file ?? null}
              onChange={choose}
              leftSection={<IconFileTypeCsv size={18} stroke={1.75} aria-hidden />}
              disabled={preview.isPending || importing.isPending}
              maw={560}
            />
            {preview.isPending && (
              <Text size="sm" c="dimmed" role="status">
                Checking every row…
              </Text>
            )}
          </Stack>
        </Paper>

        <FormErrorAlert error={error} />

        {result ? (
          <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} data-testid="bulk-result">
            <Stack gap="sm">
              <Group gap="xs" wrap="nowrap">
                <IconCircleCheck size={22} stroke={1.75} color="#1B6E37" aria-hidden />
                <Title order={2} fz={20} fw={650}>
                  {result.message}
                </Title>
              </Group>
              <Text size="sm">
                {result.result.posts.some((x) => x.draft)
                  ? 'They wait as drafts for the owner’s approval.'
                  : 'They go out at their times; you can change any of them from the calendar.'}
              </Text>
              <Group gap="sm">
                <Button component={Link} to={paths.allSchedulePost}>
                  See the scheduled posts
                </Button>
                <Button
                  component={Link}
                  to={paths.calender}
                  variant="default"
                  leftSection={<IconCalendar size={18} stroke={1.75} aria-hidden />}
                >
                  Open the calendar
                </Button>
                <Button variant="subtle" onClick={() => choose(null)}>
                  Import another file
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          p && (
            <Stack gap="md">
              <Text size="sm" fw={500} role="status" aria-live="polite">
                {summaryText(p)}
              </Text>
              {duplicateOf && (
                <Alert
                  color="yellow"
                  variant="light"
                  radius="lg"
                  icon={<IconAlertTriangle size={20} aria-hidden />}
                  title={`This file was already imported on ${momentText(duplicateOf)}`}
                  // the pending badge's amber: 6.7:1
                  styles={{ root: { background: '#FFF3D1' }, title: { color: '#7A4B00' }, icon: { color: '#7A4B00' } }}
                  data-testid="bulk-duplicate"
                >
                  <Stack gap="sm" align="flex-start">
                    <Text size="sm">Importing it again makes its posts a second time.</Text>
                    <Button color="red.8" onClick={() => runImport(true)} loading={importing.isPending} disabled={!ready}>
                      Import again anyway
                    </Button>
                  </Stack>
                </Alert>
              )}
              <PreviewList rows={p.rows} phone={phone} />
              {!duplicateOf && (
                <Group justify="flex-end" className="bulk-actions">
                  <Button onClick={() => runImport(false)} disabled={!ready} loading={importing.isPending} fullWidth={phone}>
                    {n === 1 ? 'Import 1 post' : `Import ${n} posts`}
                  </Button>
                </Group>
              )}
            </Stack>
          )
        )}
      </Stack>
    </Container>
  );
}
