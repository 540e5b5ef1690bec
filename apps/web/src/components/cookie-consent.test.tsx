import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE, readConsent, saveConsent } from '../lib/consent';
import { renderPage } from '../testing';
import { CookieConsent, DeviceNotices } from './cookie-consent';
import { mobilePlatform } from './mobile-banner';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const clearConsent = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: test reset of the consent cookie
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
};

beforeEach(() => {
  clearConsent();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('the cookie notice', () => {
  it('asks until answered; nothing is written to the device before the answer', () => {
    renderPage('/', <CookieConsent />);
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
    expect(screen.getByText(/Your answer is kept for 30 days/)).toBeTruthy();
    expect(localStorage.length).toBe(0);
    expect(readConsent()).toBeNull();
  });

  it('Accept keeps the answer in a cookie for 30 days and the notice goes', async () => {
    const user = userEvent.setup();
    const cookie = vi.spyOn(document, 'cookie', 'set');
    renderPage('/', <CookieConsent />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(cookie).toHaveBeenCalledWith(`${CONSENT_COOKIE}=accepted; Max-Age=2592000; Path=/; SameSite=Lax`);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Decline is kept too, and removes what only consent allowed', async () => {
    const user = userEvent.setup();
    localStorage.setItem('isMobileBannerShown', 'true');
    localStorage.setItem('virality-auth-token', 'kept');
    renderPage('/', <CookieConsent />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(readConsent()).toBe('declined');
    expect(localStorage.getItem('isMobileBannerShown')).toBeNull();
    expect(localStorage.getItem('virality-auth-token')).toBe('kept');
  });

  it('is not shown once answered', () => {
    saveConsent('declined');
    renderPage('/', <CookieConsent />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});

describe('the mobile-app notice', () => {
  it('knows an Android phone, an iPhone and an iPad that says it is a Mac; a desktop is neither', () => {
    expect(mobilePlatform(ANDROID)).toBe('android');
    expect(mobilePlatform(IPHONE)).toBe('ios');
    expect(mobilePlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe('ios');
    expect(mobilePlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBeNull();
    expect(mobilePlatform(DESKTOP)).toBeNull();
  });

  // each test loads the notice afresh: what it remembers for a visit lives in the module
  const freshNotices = async () => {
    vi.resetModules();
    return (await import('./cookie-consent')).DeviceNotices;
  };

  it('after Decline it is shown on an iPhone but nothing is stored: it is remembered for this visit only', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const Notices = await freshNotices();
    const user = userEvent.setup();
    const first = renderPage('/', <Notices />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('region', { name: 'Virality app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get it on the App Store' }).getAttribute('href')).toContain('apps.apple.com');
    expect(localStorage.length).toBe(0);
    first.unmount();
    act(() => {
      renderPage('/', <Notices />);
    });
    expect(screen.queryByRole('region', { name: 'Virality app' })).toBeNull();
  });

  it('comes after the cookie notice is answered, on a phone, and is remembered on the device after Accept', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    const DeviceNotices = await freshNotices();
    const user = userEvent.setup();
    const first = renderPage('/', <DeviceNotices />);
    expect(screen.queryByRole('region', { name: 'Virality app' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('region', { name: 'Virality app' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toContain('play.google.com');
    expect(localStorage.getItem('isMobileBannerShown')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Close the app notice' }));
    expect(screen.queryByRole('region', { name: 'Virality app' })).toBeNull();
    first.unmount();
    // shown once per device: not again on the next visit (a fresh load of the app)
    const Later = await freshNotices();
    act(() => {
      renderPage('/', <Later />);
    });
    expect(screen.queryByRole('region', { name: 'Virality app' })).toBeNull();
  });

  it('is never shown on a desktop browser', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP);
    const user = userEvent.setup();
    renderPage('/', <DeviceNotices />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('region', { name: 'Virality app' })).toBeNull();
  });
});
