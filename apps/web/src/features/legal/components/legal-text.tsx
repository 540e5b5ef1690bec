import { List, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The date the terms and the privacy policy were last changed. */
export const LEGAL_LAST_UPDATED = '1 August 2023';
/** Nobody under this age may have an account (the terms, the privacy policy and the sign-up form say so). */
export const LEGAL_MIN_AGE = 18;

/** A paragraph of a policy. */
export function P({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" lh={1.65}>
      {children}
    </Text>
  );
}

/** A bulleted list of a policy. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List size="sm" spacing={6} lh={1.6} pr="xs">
      {items.map((item, i) => (
        // the items are fixed text, never reordered
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}
