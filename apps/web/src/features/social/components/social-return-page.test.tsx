import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SOCIAL_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage, renderUi, storeSession } from '../../../testing';
import { peekChooser, rememberLink } from '../lib/link-storage';
import { PageChooserModal } from './page-chooser-modal';
import { SocialReturnPage } from './social-return-page';

const sphOk = (data: unknown, message = 'Success') => ({
  body: { response_code: 200, response_message: message, response_data: data },
});

describe('the social-account return page', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it("an error from the network says 'user cancelled adding social media' and goes back to /addsocialmedia", async () => {
    storeSession('INFLUENCER');
    rememberLink('tiktok', 'addsocialmedia');
    const calls = mockFetch(() => undefined);
    renderPage('/social/return?error=access_denied&state=s', <SocialReturnPage />);
    // the spec's words, shown as every toast is: starting with a capital
    expect(await screen.findByText(new RegExp(`^${SOCIAL_MSG.cancelled}$`, 'i'))).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/addsocialmedia'));
    expect(calls).toEqual([]);
  });

  it('a code adds the account a second later with the state, then goes back where the flow started (Home)', async () => {
    storeSession('INFLUENCER');
    rememberLink('tiktok', 'Home');
    const calls = mockFetch((c) =>
      c.path === '/sph/tiktok/add-account/' ? sphOk({ id: 'a1' }, 'TikTok account added successfully') : undefined,
    );
    renderPage('/social/return?code=c1&state=s1', <SocialReturnPage />);
    expect(screen.getByText('Linking your account…')).toBeTruthy();
    expect(await screen.findByText('TikTok account added successfully', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(calls.find((c) => c.path === '/sph/tiktok/add-account/')?.body).toEqual({ Code: 'c1', State: 's1' });
  });

  it("'Account Already Exist' from the server is shown and the user still goes back", async () => {
    storeSession('INFLUENCER');
    rememberLink('tiktok', 'addsocialmedia');
    mockFetch(() => ({
      status: 409,
      body: { response_code: 409, response_message: SOCIAL_MSG.accountExists, response_data: null },
    }));
    renderPage('/social/return?code=c1&state=s1', <SocialReturnPage />);
    expect(await screen.findByText(SOCIAL_MSG.accountExists, {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/addsocialmedia'));
  });

  it("X's oauth_token and oauth_verifier go to X's add-account call (OAuth 1.0a sends no state)", async () => {
    storeSession('INFLUENCER');
    rememberLink('twitter', 'addsocialmedia');
    const calls = mockFetch((c) =>
      c.path === '/sph/x-app/add-account/' ? sphOk({ id: 'a1' }, 'X account added successfully') : undefined,
    );
    renderPage('/social/return?oauth_token=rt1&oauth_verifier=v1', <SocialReturnPage />);
    expect(await screen.findByText('X account added successfully', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/addsocialmedia'));
    expect(calls.find((c) => c.path === '/sph/x-app/add-account/')?.body).toEqual({ oauth_token: 'rt1', oauth_verifier: 'v1' });
  });

  it("a cancel at X (denied) says 'user cancelled adding social media' and adds nothing", async () => {
    storeSession('INFLUENCER');
    rememberLink('twitter', 'Home');
    const calls = mockFetch(() => undefined);
    renderPage('/social/return?denied=rt1', <SocialReturnPage />);
    // the spec's words, shown as every toast is: starting with a capital
    expect(await screen.findByText(new RegExp(`^${SOCIAL_MSG.cancelled}$`, 'i'))).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/home'));
    expect(calls).toEqual([]);
  });

  it("LinkedIn's profile and pages are offered together in the chooser, the profile first", async () => {
    storeSession('BUSINESS');
    rememberLink('linkedin', 'addsocialmedia');
    const profile = { id: 'urn:li:person:1', name: 'Ava Stone', picture: null, Added: false };
    const org = { id: 'urn:li:organization:2', name: 'Acme', picture: null, Added: false };
    mockFetch((c) =>
      c.path === '/sph/linkedin/li-accounts-list/' ? sphOk({ Linkedin_Pages: [org], Linkedin_Profile: [profile] }) : undefined,
    );
    renderPage('/social/return?code=c1&state=s1', <SocialReturnPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/addsocialmedia'), { timeout: 4000 });
    expect(peekChooser()).toEqual({ network: 'linkedin', state: 's1', pages: [profile, org] });
  });

  it("a network whose pages are chosen keeps the consent's pages for the chooser instead of adding", async () => {
    storeSession('BUSINESS');
    rememberLink('facebook', 'addsocialmedia', true);
    const pages = [{ id: 'p1', name: 'Acme Foods', picture: null, Added: false }];
    mockFetch((c) => (c.path === '/sph/facebook/fb_pages_list/' ? sphOk({ FacebookPages: pages }) : undefined));
    renderPage('/social/return?code=c1&state=s1', <SocialReturnPage />);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/addsocialmedia'), { timeout: 4000 });
    expect(peekChooser()).toEqual({ network: 'facebook', state: 's1', pages });
  });
});

describe('the page chooser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Select toggles Selected, an added page is disabled, Save sends the chosen pages with the flow', async () => {
    const calls = mockFetch((c) =>
      c.path === '/sph/facebook/save_fb_details/' ? sphOk([], 'Facebook page added successfully') : undefined,
    );
    const onClose = vi.fn();
    renderUi(
      <PageChooserModal
        chooser={{
          network: 'facebook',
          state: 's1',
          pages: [
            { id: 'p1', name: 'Acme Foods', picture: null, Added: false },
            { id: 'p2', name: 'Acme Drinks', picture: null, Added: true },
          ],
        }}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    expect((screen.getByRole('button', { name: 'Acme Drinks: Added' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Acme Foods: Select' }));
    expect(screen.getByRole('button', { name: 'Acme Foods: Selected' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls[0].body).toEqual({ State: 's1', PageIDs: ['p1'] });
  });
});
