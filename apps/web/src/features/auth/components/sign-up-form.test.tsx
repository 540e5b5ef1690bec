import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../testing';
import { loadAuthRules } from '../lib/use-auth-rules';
import { SignUpForm } from './sign-up-form';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement;

describe('the sign-up button is enabled once the identifier is valid and both passwords are valid and equal', () => {
  beforeEach(async () => {
    // The rules load on the first key in the page; loaded here, the form checks each change as it renders it.
    await loadAuthRules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: true, message: '', response: {} }))),
    );
    renderUi(
      <MemoryRouter>
        <SignUpForm initialType="BUSINESS" />
      </MemoryRouter>,
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts disabled', () => {
    expect(signUpButton().disabled).toBe(true);
  });

  it('enables with a valid e-mail and equal valid passwords', () => {
    type('Email / Phone', 'ana@example.com');
    type('Password', 'Secret#123');
    type('Confirm Password', 'Secret#123');
    expect(signUpButton().disabled).toBe(false);
  });

  it('stays disabled when the passwords differ or break the rule', () => {
    type('Email / Phone', 'ana@example.com');
    type('Password', 'Secret#123');
    type('Confirm Password', 'Secret#124');
    expect(signUpButton().disabled).toBe(true);
    type('Password', 'secret123');
    type('Confirm Password', 'secret123');
    expect(signUpButton().disabled).toBe(true);
  });

  it('asks for a phone code when the identifier is all digits', () => {
    expect(screen.queryByLabelText('Phone code')).toBeNull();
    type('Email / Phone', '9876543210');
    type('Password', 'Secret#123');
    type('Confirm Password', 'Secret#123');
    expect(screen.getByLabelText('Phone code')).toBeTruthy();
    expect(signUpButton().disabled).toBe(true);
    type('Phone code', '91');
    expect(signUpButton().disabled).toBe(false);
  });

  it('blocks spaces in the identifier', () => {
    type('Email / Phone', 'ana @example.com');
    expect((screen.getByLabelText('Email / Phone') as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('shows no error for a field only passed through, and shows it once the field was edited', () => {
    const field = screen.getByLabelText('Email / Phone');
    fireEvent.blur(field);
    expect(screen.queryByText('Email / Phone is required')).toBeNull();
    type('Email / Phone', 'ana@');
    fireEvent.blur(field);
    expect(screen.getByText('Email / Phone is invalid')).toBeTruthy();
  });

  it('offers Google sign-up only to influencers', () => {
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).toBeNull();
  });
});
