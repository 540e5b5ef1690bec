import { PasswordInput, type PasswordInputProps } from '@mantine/core';

type TProps = Omit<PasswordInputProps, 'label'> & { label: string; toggleLabel: string };

/** A password input with a keyboard-reachable show/hide toggle. */
export function PasswordField({ label, toggleLabel, ...rest }: TProps) {
  return (
    <PasswordInput
      label={label}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel }}
      {...rest}
    />
  );
}
