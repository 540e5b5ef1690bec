import { Group, TextInput } from '@mantine/core';
import { IDENTIFIER_MAX, PHONE_CODE_MAX, PHONE_IDENTIFIER_MAX } from '@virality/domain';
import { isPhoneEntry } from '../lib/validation';

type TProps = {
  value: string;
  phoneCode: string;
  onChange: (value: string) => void;
  onPhoneCodeChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  phoneCodeError?: string | null;
  autoFocus?: boolean;
};

/**
 * The single 'Email / Phone' field of seed 001 §5: spaces are blocked; when the value is all digits a
 * 'Phone code' input (max 3 digits) appears and the field takes at most 12 digits.
 */
export function IdentifierField({
  value,
  phoneCode,
  onChange,
  onPhoneCodeChange,
  onBlur,
  error,
  phoneCodeError,
  autoFocus,
}: TProps) {
  const phone = isPhoneEntry(value);
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {phone && (
        <TextInput
          label="Phone code"
          w={96}
          leftSection="+"
          inputMode="numeric"
          maxLength={PHONE_CODE_MAX}
          value={phoneCode}
          error={phoneCodeError}
          autoComplete="tel-country-code"
          onChange={(e) => onPhoneCodeChange(e.currentTarget.value.replace(/\D/g, ''))}
          onBlur={onBlur}
        />
      )}
      <TextInput
        label="Email / Phone"
        style={{ flex: 1 }}
        value={value}
        maxLength={phone ? PHONE_IDENTIFIER_MAX : IDENTIFIER_MAX}
        error={error}
        autoComplete="username"
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          if (e.key === ' ') e.preventDefault();
        }}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\s/g, ''))}
        onBlur={onBlur}
      />
    </Group>
  );
}
