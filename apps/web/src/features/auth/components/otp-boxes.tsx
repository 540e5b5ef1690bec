import { PinInput } from '@mantine/core';
import { OTP_LENGTH } from '@virality/domain';

type TProps = { value: string; onChange: (value: string) => void; onComplete?: (value: string) => void; error?: boolean };

/** Four one-digit boxes, labelled 'OTP digit 1..4'. */
export function OtpBoxes({ value, onChange, onComplete, error }: TProps) {
  return (
    <PinInput
      length={OTP_LENGTH}
      type="number"
      inputMode="numeric"
      oneTimeCode
      autoFocus
      size="lg"
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      error={error}
      getInputProps={(index) => ({ 'aria-label': `OTP digit ${index + 1}` })}
    />
  );
}
