import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '../config/app';
import { renderRoutes } from '../testing';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('this screen broke');
}

afterEach(() => vi.restoreAllMocks());

describe('the error page', () => {
  it("a screen that throws shows 'Some error occurred on this page' with a contact link, not a blank page", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/', errorElement: <RouteError />, children: [{ path: 'broken', element: <Broken /> }] }], '/broken');
    expect(await screen.findByRole('heading', { level: 1, name: 'Some error occurred on this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toMatch(new RegExp(`^mailto:${SUPPORT_EMAIL}`));
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(console.error).toHaveBeenCalled();
  });
});
