import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';

/** An error the form shows at its top; `seq` makes the same message said twice a new alert (read out again). */
export type TFormError = { message: string; seq: number } | null;

/**
 * The error shown at the top of a form: set it from a failed call, clear it when the user retries.
 * `initial` is one the page was opened with (e.g. handed over by the page that sent the user here).
 */
export function useFormError(initial?: string | null) {
  const [error, setError] = useState<TFormError>(() => (initial ? { message: initial, seq: 1 } : null));
  const show = useCallback((message: string) => setError((e) => ({ message, seq: (e?.seq ?? 0) + 1 })), []);
  const clear = useCallback(() => setError(null), []);
  return { error, show, clear };
}

/**
 * What went wrong with the form as a whole (the server refused the login, the code was wrong), shown above
 * its fields where the eye is, not only as a toast: red, with an icon (never colour alone), announced
 * (role="alert") and scrolled into view when it appears.
 */
export function FormErrorAlert({ error }: { error: TFormError }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  if (!error) return null;
  return (
    <Alert
      key={error.seq}
      ref={ref}
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="form-error"
    >
      {error.message}
    </Alert>
  );
}
