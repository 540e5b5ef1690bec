import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './required-mark.module.css';

/** A form's key to its required fields ('Fields marked * are required.'), with what else the form says first. */
export function RequiredNote({ children }: { children?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      Fields marked{' '}
      <Text span className={classes.mark} fw={600}>
        *
      </Text>{' '}
      are required.{children ? <> {children}</> : null}
    </Text>
  );
}
