import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import { CONSENT_DAYS } from '../../../lib/consent';
import { LegalPage, LegalSections, type TLegalPlace, type TLegalSection } from './legal-page';
import { Bullets, LEGAL_LAST_UPDATED, LEGAL_MIN_AGE, P } from './legal-text';

const mail = (subject: string) => (
  <Anchor href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`} size="sm" underline="always">
    {SUPPORT_EMAIL}
  </Anchor>
);

/** The sections of the privacy policy, in order; each id is the section's anchor. */
export const PRIVACY_SECTIONS: readonly TLegalSection[] = [
  {
    id: 'about',
    title: 'About this policy',
    body: (
      <P>
        This policy explains what personal data Virality collects when you use its website, its Android and iPhone apps and its
        API, why, who else sees it, how long we keep it and what you can do about it. It applies together with our{' '}
        <Anchor component={Link} to={paths.terms} size="sm" underline="always">
          Terms of Service
        </Anchor>
        .
      </P>
    ),
  },
  {
    id: 'age',
    title: `Virality is for people aged ${LEGAL_MIN_AGE} and over`,
    body: (
      <P>
        Virality is not for anyone under {LEGAL_MIN_AGE}. We ask for your date of birth when you create your profile and do not
        open an account for anyone younger. If we learn that we hold data of someone under {LEGAL_MIN_AGE}, we close the account.
        If you believe a child is using Virality, tell us at {mail('Underage account')}.
      </P>
    ),
  },
  {
    id: 'what_we_collect',
    title: 'What we collect',
    body: (
      <>
        <P>What you give us:</P>
        <Bullets
          items={[
            'your e-mail address and/or phone number, and a password (stored only as a one-way hash), or your Google account’s e-mail if you sign in with Google;',
            'your profile: name, username, photo, pronouns, gender, date of birth and the topics you are interested in;',
            'for a business, brand or agency: company name, industry, company size, number of influencers, and the business address;',
            'the PayPal account you name to receive payouts;',
            'your posts: captions, pictures and videos, the networks and times you choose, and drafts;',
            'for a business: the team members you add and the access you give them;',
            'what you write to us, and the reason you give if you delete your account.',
          ]}
        />
        <P>What we receive when you use Virality:</P>
        <Bullets
          items={[
            'from each social network you connect: the access token it grants, the account’s name, picture and id, the pages you choose, and the results of your posts (views, likes, comments);',
            'from Stripe and PayPal: whether a payment went through, its amount and currency; we never see or store your card number;',
            'your device’s push subscription if you allow notifications;',
            'the IP address of each request, used to limit repeated sign-in attempts and to show prices in your currency (looked up on our own server, not sent to anyone).',
          ]}
        />
      </>
    ),
  },
  {
    id: 'how_we_use',
    title: 'How we use it',
    body: (
      <Bullets
        items={[
          'to create your account, sign you in and send you one-time codes;',
          'to publish and schedule your posts and show you how they did;',
          'to run plans, payments, points, the wallet and payouts;',
          'to send the notifications you asked for; you can turn them off under Profile, Notification;',
          'to keep Virality secure: limiting attempts, spotting abuse, and keeping records of payments that the law requires.',
        ]}
      />
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <P>We do not sell your data, and we do not show advertising. We share only what each of these needs:</P>
        <Bullets
          items={[
            'the social networks you publish to: the posts you send them;',
            'Stripe (plan payments) and PayPal (brand payments and payouts): what a payment needs;',
            'our e-mail and SMS providers: the address or number and the code or message we send you;',
            'the people you work with: a business owner sees the team members they added; a brand that pays you sees your name;',
            'authorities, when the law requires it.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and storage on your device',
    body: (
      <>
        <P>
          Virality keeps on your device only what it needs to work: while you are signed in, your session key and ids in your
          browser's local storage, and your answer to the cookie notice, kept for {CONSENT_DAYS} days so we do not ask again on
          every visit.
        </P>
        <P>
          Anything optional, such as remembering that you have already seen the notice about our mobile apps, is stored only if
          you choose Accept. If you choose Decline, nothing optional is stored. We use no advertising or third-party tracking
          cookies. You can change your answer by clearing this site's data in your browser; we then ask again.
        </P>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <P>
          We keep your data while you have an account. One-time codes expire after 10 minutes. When you disconnect a social
          account, we delete its access token.
        </P>
        <P>
          When you delete your account, it is closed at once: you are signed out everywhere, your e-mail address, phone number and
          Google sign-in are released so they can be used again, and your devices stop receiving notifications. A business's team
          members lose access with it. Posts already published stay on the networks; remove them there if you wish. Payment
          records are kept as long as tax and accounting law requires. To have the rest of a closed account's data erased, write
          to {mail('Erase my data')}.
        </P>
      </>
    ),
  },
  {
    id: 'your_rights',
    title: 'Your choices and rights',
    body: (
      <>
        <P>
          You can see and correct your details under Profile (Account Details and Address Detail), turn notifications on or off,
          disconnect social accounts and delete your account yourself.
        </P>
        <P>
          Depending on where you live, you may also have the right to get a copy of your data, have it erased, object to or
          restrict how we use it, and complain to your data protection authority. Write to {mail('Privacy request')} from the
          e-mail address or phone number on your account; we answer within 30 days.
        </P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <P>
        Passwords and one-time codes are stored only as hashes, every connection is encrypted (HTTPS), repeated wrong passwords or
        codes lock sign-in for a while, and a new password ends your other sessions. Our logs do not record e-mail addresses,
        phone numbers, tokens or codes.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <P>
        When we change this policy in a way that matters, we tell you at least 30 days before, by e-mail or a notice in Virality,
        and the date at the top of this page changes.
      </P>
    ),
  },
  {
    id: 'contact_us',
    title: 'Contact us',
    body: <P>Questions about your data or this policy: write to {mail('Privacy')}.</P>,
  },
];

/** /privacypolicy (public) and /profile/privacypolicy (hub): the privacy policy. */
export function PrivacyPolicyPage({ place = 'public' }: { place?: TLegalPlace }) {
  return (
    <LegalPage place={place} title="Privacy Policy" subtitle={`Last updated ${LEGAL_LAST_UPDATED}`}>
      <LegalSections sections={PRIVACY_SECTIONS} label="Sections of the privacy policy" />
    </LegalPage>
  );
}
