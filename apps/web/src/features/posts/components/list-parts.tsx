import { Alert, Box, Button, Group, Pagination, Stack, Text } from '@mantine/core';

/** A list that could not be read: the server's reason and a way to ask again. */
export function ListLoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

type TPagesProps = {
  /** What the list holds, as a count says it: "12 drafts". */
  summary: string;
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
};

/** Where a paged list stands and its page buttons; nothing when everything fits on one page. */
export function ListPages({ summary, label, page, pages, onChange }: TPagesProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" mt="xs">
      <Text size="sm" c="dimmed">
        {summary} · page {page} of {pages}
      </Text>
      <Box component="nav" aria-label={label}>
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous page' : 'Next page' })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      </Box>
    </Group>
  );
}
