import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../config/app';
import { paths } from '../../../config/paths';
import { LegalPage, LegalSections, type TLegalPlace, type TLegalSection } from './legal-page';
import { Bullets, LEGAL_LAST_UPDATED, LEGAL_MIN_AGE, P } from './legal-text';

const mail = (subject?: string) => (
  <Anchor
    href={`mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`}
    size="sm"
    underline="always"
  >
    {SUPPORT_EMAIL}
  </Anchor>
);

/** The fifteen sections of the terms of service, in order; each id is the section's anchor. */
export const TERMS_SECTIONS: readonly TLegalSection[] = [
  {
    id: 'acceptance',
    title: 'Agreeing to these terms',
    body: (
      <>
        <P>
          These terms are an agreement between you and Virality about your use of the Virality website, its apps for Android and
          iPhone and its API (together, the service). By creating an account, or by using the service without one, you agree to
          them. If you use Virality for a company, you agree for that company and confirm you may do so.
        </P>
        <P>
          Our{' '}
          <Anchor component={Link} to={paths.privacyPolicy} size="sm" underline="always">
            Privacy Policy
          </Anchor>{' '}
          explains what we collect and why; it is part of these terms.
        </P>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Virality',
    body: (
      <>
        <P>
          You must be at least {LEGAL_MIN_AGE} years old to have a Virality account. We ask for your date of birth when you create
          your profile and refuse an account for anyone younger. If we learn that an account belongs to someone under{' '}
          {LEGAL_MIN_AGE}, we close it.
        </P>
        <P>
          A business account may add team members (business managers). The business is responsible for the people it adds and for
          what they do with the access it gives them.
        </P>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <P>
          Keep your password and the one-time codes we send you to yourself: anything done with your account is your
          responsibility. Tell us at once at {mail('Account security')} if you think someone else has used it.
        </P>
        <P>
          Give us true details (name, e-mail address or phone number, date of birth, and for a business its address). You can
          correct them at any time under Profile, Account Details and Address Detail.
        </P>
        <P>
          You may delete your account at any time from your profile. We may suspend or close an account that breaks these terms,
          puts other users or the service at risk, or is used for fraud; where we can, we tell you why first and give you a chance
          to put things right.
        </P>
      </>
    ),
  },
  {
    id: 'service',
    title: 'What Virality does',
    body: (
      <>
        <P>
          Virality lets influencers, businesses, brands and influencer marketing companies write a post once and publish or
          schedule it on the social networks they connect: Instagram, Facebook, YouTube, LinkedIn, TikTok, X and Threads. It also
          keeps drafts, shows a calendar and each post's results, awards points, and lets brands pay influencers through a wallet.
        </P>
        <P>
          We work to keep Virality running and improve it, and we may add, change or remove features. When we remove a paid
          feature you rely on, we tell you in advance.
        </P>
      </>
    ),
  },
  {
    id: 'your_content',
    title: 'Your content and connected accounts',
    body: (
      <>
        <P>
          What you write and upload stays yours. You give Virality the permission it needs to store it, resize or convert it for
          each network, and publish it where and when you tell it to, and nothing more. The permission ends when you delete the
          content, except for copies a network already published.
        </P>
        <P>
          When you connect a social account, you let Virality act for you on that network within the access you grant there. You
          can disconnect an account at any time in Social Media Accounts, or withdraw the access in the network's own settings.
        </P>
        <P>
          You confirm you have the rights to everything you publish through Virality, including music, pictures and the likeness
          of the people shown.
        </P>
      </>
    ),
  },
  {
    id: 'acceptable_use',
    title: 'Acceptable use',
    body: (
      <>
        <P>You agree not to use Virality to:</P>
        <Bullets
          items={[
            'publish anything illegal, hateful, harassing, sexually explicit involving minors, or that infringes someone else’s rights;',
            'send spam, run fake engagement schemes, or hide that a post is paid promotion where the law or the network requires you to say so;',
            'break the rules of the networks you publish to;',
            'get into other accounts, probe or overload the service, or get around its limits;',
            'copy, resell or rebuild the service, except through the API within these terms.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Plans, fees and payments',
    body: (
      <>
        <P>
          Influencers can use the free tier (five posts a month). Paid plans are billed per month, at the price shown on the
          pricing page in your currency, through our payment provider Stripe. A plan runs for the month paid for and is not
          renewed unless you buy the next month.
        </P>
        <P>
          All fees are final and non-refundable, including for a month you do not use in full, unless the law where you live says
          otherwise or we cannot provide the service you paid for.
        </P>
        <P>
          Points have no cash value and cannot be bought, sold or transferred. Money a brand pays an influencer is held in the
          influencer's wallet and paid out to the PayPal account named in their profile; a payout that PayPal returns goes back to
          the wallet.
        </P>
      </>
    ),
  },
  {
    id: 'third_party',
    title: 'Third-party services',
    body: (
      <>
        <P>
          Virality depends on services we do not control: the social networks it publishes to, Stripe and PayPal for payments, and
          e-mail and SMS providers for sign-in codes. Their own terms apply to your use of them.
        </P>
        <P>
          A network may change or withdraw its API, limit what can be posted, reject a post, or end a connection. When that
          happens, Virality tells you what the network said and what you can do, but we cannot publish what a network refuses, and
          we are not responsible for what third parties do.
        </P>
      </>
    ),
  },
  {
    id: 'warranty_disclaimers',
    title: 'Warranty disclaimers',
    body: (
      <>
        <P>
          We build Virality with care, but the service is provided “as is” and “as available”. To the extent the law allows, we
          make no promise that it will be uninterrupted or free of errors, that every post will be published at the exact minute
          scheduled, or that it will bring you any particular reach, followers or income, and we disclaim all implied warranties,
          including of merchantability, fitness for a particular purpose and non-infringement.
        </P>
        <P>Some places do not allow these disclaimers; there, they apply only as far as the law permits.</P>
      </>
    ),
  },
  {
    id: 'disclaimer',
    title: 'Limitation of liability',
    body: (
      <>
        <P>
          To the extent the law allows, Virality is not liable for indirect, incidental, special or consequential losses, or for
          lost profits, revenue, data or goodwill, arising from your use of the service or from what a network or other third
          party does.
        </P>
        <P>
          Our total liability for any claim about the service is limited to the greater of the amount you paid us in the twelve
          months before the claim and 100 US dollars. Nothing in these terms limits liability that cannot be limited by law.
        </P>
      </>
    ),
  },
  {
    id: 'dispute_resolution',
    title: 'Dispute resolution and arbitration',
    body: (
      <>
        <P>
          Most problems are solved quickly by writing to us. Before starting a formal case, you and we each agree to send the
          other a written notice describing the dispute and the remedy sought (ours to the e-mail address on your account, yours
          to {mail('Notice of dispute')}) and to try in good faith to settle it for 60 days after the notice is received.
        </P>
        <P>
          If it is not settled within those 60 days, the dispute will be decided by binding individual arbitration under the
          Consumer Arbitration Rules of the American Arbitration Association, not in court, except that either of us may bring an
          individual claim in small-claims court. No class or representative actions.
        </P>
        <Bullets
          items={[
            'Claims of $10,000 or less are decided on written submissions alone, unless you ask for a hearing by phone, by video or in person.',
            'For claims of $75,000 or less, we pay the filing, administration and arbitrator fees, unless the arbitrator finds the claim frivolous. Above $75,000, the rules of the American Arbitration Association decide who pays them.',
          ]}
        />
        <P>
          You may opt out of arbitration within 30 days of first accepting these terms by writing to {mail('Arbitration opt-out')}{' '}
          with your name and the e-mail address or phone number of your account. Opting out does not affect any other part of
          these terms.
        </P>
      </>
    ),
  },
  {
    id: 'copyright_act',
    title: 'Copyright complaints (DMCA)',
    body: (
      <>
        <P>
          We respect copyright and respond to notices under the US Digital Millennium Copyright Act. If you believe content stored
          on Virality infringes your copyright, send a notice to {mail('Copyright notice')} containing:
        </P>
        <Bullets
          items={[
            'your physical or electronic signature;',
            'a description of the work you say is infringed;',
            'where the material is on Virality, precisely enough for us to find it;',
            'your address, telephone number and e-mail address;',
            'a statement that you believe in good faith the use is not authorised by the owner, its agent or the law;',
            'a statement, under penalty of perjury, that your notice is accurate and that you are the owner or authorised to act for the owner.',
          ]}
        />
        <P>
          We remove or disable the material and tell the user who posted it. That user may send a counter-notice to the same
          address, with their signature, the material removed and where it was, a statement under penalty of perjury that it was
          removed by mistake or misidentification, and their consent to the jurisdiction of the federal court for their address.
          We forward the counter-notice to the complainant and restore the material in 10 to 14 working days after receiving it,
          unless the complainant tells us first that they have filed a court action. We close the accounts of repeat infringers.
        </P>
      </>
    ),
  },
  {
    id: 'governing_law',
    title: 'Governing law',
    body: (
      <P>
        These terms are governed by the laws of the State of Delaware, United States, without regard to its rules on conflicts of
        law. Any dispute not decided by arbitration or in small-claims court will be heard only in the state or federal courts
        located in San Francisco County, California, and you and we agree to their jurisdiction. If you live in a country whose
        law gives you the right to bring a case at home, that right is not affected.
      </P>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <P>
        We may update these terms as the service and the law change. For a material change, we tell you at least 30 days before it
        takes effect, by e-mail or a notice in Virality, and the date at the top of this page changes. If you keep using Virality
        after the change takes effect, the new terms apply; if you do not agree, you may delete your account before then.
      </P>
    ),
  },
  {
    id: 'contact_us',
    title: 'Contact us',
    body: (
      <P>
        Questions about these terms, notices and complaints: write to {mail('Terms of service')}. Our{' '}
        <Anchor component={Link} to={paths.helpSupport} size="sm" underline="always">
          Help &amp; Support
        </Anchor>{' '}
        page has answers to common questions.
      </P>
    ),
  },
];

/** /terms: the terms of service (public). */
export function TermsPage({ place = 'public' }: { place?: TLegalPlace }) {
  return (
    <LegalPage place={place} title="Terms of Service" subtitle={`Last updated ${LEGAL_LAST_UPDATED}`}>
      <LegalSections sections={TERMS_SECTIONS} label="Sections of the terms" />
    </LegalPage>
  );
}
