import { Badge, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { TBulkPreviewRow } from '@virality/domain';
import { momentText } from '../lib/import-state';
import classes from './bulk-import.module.css';

/** The product's status colours (Published, Failed): text on white or its tint at 5.5:1 or more. */
const READY = '#1B6E37';
const FAILED = { text: '#B42318', bg: '#FEE4E2' };

/** When a row goes out, as the preview says it. */
const whenOf = (r: TBulkPreviewRow) => {
  if (r.at) return r.queue ? `Queue: ${momentText(r.at)}` : momentText(r.at);
  return r.queue ? 'Next free queue slot' : r.when || '—';
};

function RowErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0)
    return (
      <Group gap={6} wrap="nowrap">
        <IconCircleCheck size={16} stroke={1.75} color={READY} aria-hidden />
        <Text size="sm" c={READY} fw={500}>
          Ready
        </Text>
      </Group>
    );
  return (
    <List
      size="sm"
      spacing={4}
      c="red.9"
      icon={<IconAlertCircle size={16} stroke={1.75} aria-hidden />}
      aria-label="Errors"
      classNames={{ itemWrapper: classes.errorItem }}
    >
      {errors.map((e) => (
        <List.Item key={e}>{e}</List.Item>
      ))}
    </List>
  );
}

/**
 * The preview of a file: a table from 821 px (row, text, accounts, when, media, its errors), a card per row below,
 * so nothing scrolls sideways on a phone. A row's errors are red, with an icon and in words.
 */
export function PreviewList({ rows, phone }: { rows: TBulkPreviewRow[]; phone: boolean }) {
  if (phone)
    return (
      <Stack gap="sm" data-testid="bulk-preview">
        {rows.map((r) => (
          <Paper
            key={r.row}
            withBorder
            radius="lg"
            p="md"
            shadow="xs"
            data-testid="bulk-row"
            className={r.errors.length ? classes.badCard : undefined}
          >
            <Stack gap={8}>
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  Row {r.row}
                </Text>
                {r.errors.length > 0 && (
                  <Badge c={FAILED.text} bg={FAILED.bg} radius="xl" tt="none">
                    {r.errors.length === 1 ? '1 error' : `${r.errors.length} errors`}
                  </Badge>
                )}
              </Group>
              <Text size="sm" className={classes.text}>
                {r.text || '—'}
              </Text>
              <dl className={classes.fields}>
                <dt>Accounts</dt>
                <dd>{r.accounts.join(', ') || '—'}</dd>
                <dt>When</dt>
                <dd>{whenOf(r)}</dd>
                <dt>Media</dt>
                <dd>{r.mediaCount}</dd>
              </dl>
              <RowErrors errors={r.errors} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Paper withBorder radius="lg" shadow="xs" data-testid="bulk-preview">
      <Table verticalSpacing="sm" horizontalSpacing="md" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={64}>Row</Table.Th>
            <Table.Th>Text</Table.Th>
            <Table.Th w="18%">Accounts</Table.Th>
            <Table.Th w="17%">When</Table.Th>
            <Table.Th w={64}>Media</Table.Th>
            <Table.Th w="26%">Check</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.row} data-testid="bulk-row" className={r.errors.length ? classes.badRow : undefined}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td className={classes.text}>{r.text || '—'}</Table.Td>
              <Table.Td className={classes.text}>{r.accounts.join(', ') || '—'}</Table.Td>
              <Table.Td>{whenOf(r)}</Table.Td>
              <Table.Td>{r.mediaCount}</Table.Td>
              <Table.Td>
                <RowErrors errors={r.errors} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
