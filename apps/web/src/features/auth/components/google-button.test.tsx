import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../testing/fetch-mock';
import { renderUi } from '../../../testing/render';
import { GoogleButton } from './google-button';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Google button is ready to press before the config is in', () => {
  it('a press waits for the config, loading meanwhile, then goes to the sandbox stand-in', async () => {
    let answer: (() => void) | null = null;
    const calls = mockFetch(() => ok({ sandbox: true, googleClientId: null }));
    const fetched = globalThis.fetch as ReturnType<typeof vi.fn>;
    const real = fetched.getMockImplementation() as (...a: unknown[]) => Promise<Response>;
    fetched.mockImplementation((...a: unknown[]) => new Promise((resolve) => (answer = () => resolve(real(...a)))));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, origin: 'http://localhost', assign });

    renderUi(<GoogleButton mode="login" label="Continue with Google" />);
    const button = screen.getByRole('button', { name: 'Continue with Google' });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(answer).not.toBeNull());
    (answer as unknown as () => void)();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toContain('/google');
    expect(calls.filter((c) => c.path === 'config')).toHaveLength(1);
  });

  it('says why when the config cannot be had, and goes nowhere', async () => {
    mockFetch(() => ({ status: 503, body: { status: false, message: 'Service unavailable', response: null } }));
    const onError = vi.fn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderUi(<GoogleButton mode="login" label="Continue with Google" onError={onError} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Service unavailable'));
    expect(assign).not.toHaveBeenCalled();
  });
});
