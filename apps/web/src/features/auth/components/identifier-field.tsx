import { Group, TextInput } from '@mantine/core';
import { IDENTIFIER_MAX, PHONE_CODE_MAX, PHONE_IDENTIFIER_MAX } from '@virality/domain';
import { isPhoneEntry } from '../lib/phone-entry';

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
 * The field's value after an edit: spaces dropped, then at most 12 characters while it is all digits (a
 * phone) and 60 otherwise (an e-mail). The limit follows the new value, not the old one: pasting an e-mail
 * over digits keeps the whole e-mail (an input maxLength of 12 would cut it while the field held digits).
 */
export function nextIdentifierValue(raw: string): string {
  const value = raw.replace(/\s/g, '');
  return value.slice(0, isPhoneEntry(value) ? PHONE_IDENTIFIER_MAX : IDENTIFIER_MAX);
}

/**
 * The single 'Email / Phone' field: spaces are blocked; when the value is all digits a
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
        maxLength={IDENTIFIER_MAX}
        error={error}
        autoComplete="username"
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          if (e.key === ' ') e.preventDefault();
        }}
        onChange={(e) => onChange(nextIdentifierValue(e.currentTarget.value))}
        onBlur={onBlur}
      />
    </Group>
  );
}
