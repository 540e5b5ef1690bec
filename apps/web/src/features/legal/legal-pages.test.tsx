import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_EMAIL } from '../../config/app';
import { renderPage } from '../../testing';
import { FaqPage, HelpSupportPage, PrivacyPolicyPage, TermsPage } from '.';

afterEach(() => vi.restoreAllMocks());

describe('the legal and help pages', () => {
  it('the terms have 15 numbered sections, dated 1 August 2023, with the anchors the spec names', () => {
    renderPage('/terms', <TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText('Last updated 1 August 2023')).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(15);
    expect(sections[0].textContent).toMatch(/^1\. /);
    expect(sections[14].textContent).toBe('15. Contact us');
    for (const id of [
      'warranty_disclaimers',
      'dispute_resolution',
      'copyright_act',
      'disclaimer',
      'governing_law',
      'changes',
      'contact_us',
    ]) {
      expect(document.getElementById(id), id).not.toBeNull();
    }
    const contents = screen.getByRole('navigation', { name: 'Sections of the terms' });
    expect(within(contents).getAllByRole('link')).toHaveLength(15);
  });

  it('the terms say what the spec requires: fees final, 60-day notice, 30-day opt-out, $10,000 / $75,000, 10 to 14 working days, 30 days’ notice, 18', () => {
    renderPage('/terms', <TermsPage />);
    const text = document.body.textContent ?? '';
    for (const phrase of [
      'final and non-refundable',
      'for 60 days after the notice',
      'within 30 days of first accepting',
      '$10,000',
      '$75,000',
      '10 to 14 working days',
      'at least 30 days before it takes effect',
      'at least 18 years old',
      'Delaware',
      'California',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it('the privacy policy is dated 1 August 2023 and says Virality is not for people under 18', () => {
    renderPage('/privacypolicy', <PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Last updated 1 August 2023')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Virality is for people aged 18 and over/ })).toBeTruthy();
    expect(document.body.textContent).toContain('not for anyone under 18');
  });

  it('in the hub a page links back to the profile; on the public site it does not', () => {
    renderPage('/profile/privacypolicy', <PrivacyPolicyPage place="hub" />);
    expect(screen.getByRole('link', { name: '← Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('clicking the support address copies it and says "email copied to clipboard successfully"', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage('/help-support', <HelpSupportPage />);
    await user.click(screen.getByRole('button', { name: `Copy ${SUPPORT_EMAIL}` }));
    expect(writeText).toHaveBeenCalledWith(SUPPORT_EMAIL);
    expect(await screen.findByText('Email copied to clipboard successfully')).toBeTruthy();
    expect(MSG.emailCopied).toBe('email copied to clipboard successfully');
    expect(screen.getByRole('link', { name: 'Write an e-mail' }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  });

  it('when the browser refuses to copy, the page says so and gives the address', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderPage('/help-support', <HelpSupportPage />);
    await user.click(screen.getByRole('button', { name: `Copy ${SUPPORT_EMAIL}` }));
    expect(await screen.findByText(`This browser did not let us copy. Our address is ${SUPPORT_EMAIL}`)).toBeTruthy();
  });

  it('the FAQ has the three questions, and Instagram’s answer names the page, the link and the business profile', async () => {
    const user = userEvent.setup();
    renderPage('/profile/faq', <FaqPage />);
    const questions = [
      'How do I add my Instagram account?',
      'How do I add my Facebook account?',
      'How do I add my YouTube account?',
    ];
    for (const q of questions) expect(screen.getByRole('button', { name: q })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: questions[0] }));
    const text = document.body.textContent ?? '';
    expect(text).toContain('a Facebook account that manages a Facebook Page');
    expect(text).toContain('linked to that Page');
    expect(text).toContain('business profile');
    await user.click(screen.getByRole('button', { name: questions[2] }));
    expect(document.body.textContent).toContain('You need a YouTube channel');
  });
});
