import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../../testing';
import { IdentifierField, nextIdentifierValue } from './identifier-field';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [code, setCode] = useState('');
  return <IdentifierField value={value} phoneCode={code} onChange={setValue} onPhoneCodeChange={setCode} />;
}

describe('the Email / Phone field', () => {
  it('keeps a whole e-mail pasted over digits, and leaves phone mode', () => {
    renderUi(<Harness initial="98765" />);
    expect(screen.getByLabelText('Phone code')).toBeTruthy();
    const field = screen.getByLabelText('Email / Phone') as HTMLInputElement;
    expect(field.maxLength).toBe(60);
    fireEvent.change(field, { target: { value: 'someone.with.a.long.name@example.com' } });
    expect(field.value).toBe('someone.with.a.long.name@example.com');
    expect(screen.queryByLabelText('Phone code')).toBeNull();
  });

  it('takes at most 12 digits for a phone and 60 characters for an e-mail, without spaces', () => {
    expect(nextIdentifierValue('1234567890123')).toBe('123456789012');
    expect(nextIdentifierValue('98 765 43210')).toBe('9876543210');
    expect(nextIdentifierValue(`${'a'.repeat(55)}@example.com`)).toHaveLength(60);
    expect(nextIdentifierValue(' ana@example.com ')).toBe('ana@example.com');
  });
});
