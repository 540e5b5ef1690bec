import { Accordion, Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Bullets, P } from './legal-text';

type TFaq = { id: string; question: string; answer: ReactNode };

const accountsLink = (
  <Anchor component={Link} to={paths.addSocialMedia} size="sm" underline="always">
    Social Media Accounts
  </Anchor>
);

/** The three questions of the FAQ: how to add an Instagram, a Facebook and a YouTube account. */
export const FAQS: readonly TFaq[] = [
  {
    id: 'instagram',
    question: 'How do I add my Instagram account?',
    answer: (
      <>
        <P>Instagram lets apps publish only to professional accounts connected to a Facebook Page. You need:</P>
        <Bullets
          items={[
            'a Facebook account that manages a Facebook Page;',
            'your Instagram account linked to that Page (in Instagram: Edit profile, then Page, or in Meta Business Suite);',
            'your Instagram account switched to a business profile (in Instagram: Settings, Account type and tools, Switch to professional account, then Business).',
          ]}
        />
        <P>
          Then open {accountsLink}, press Add on the Instagram card, log in with the Facebook account that manages the Page and
          allow Virality access. Choose the Instagram account in the list and press Save.
        </P>
      </>
    ),
  },
  {
    id: 'facebook',
    question: 'How do I add my Facebook account?',
    answer: (
      <>
        <P>
          Virality publishes to Facebook Pages, not to personal profiles. You need a Facebook account with full control of at
          least one Page.
        </P>
        <P>
          Open {accountsLink}, press Add on the Facebook card, log in to Facebook and allow Virality access to your Pages. Choose
          the Pages you want to publish to and press Save. Pages already added are marked Added.
        </P>
      </>
    ),
  },
  {
    id: 'youtube',
    question: 'How do I add my YouTube account?',
    answer: (
      <>
        <P>
          You need a YouTube channel on the Google account you sign in with. A Google account without a channel cannot upload
          videos: create one first on YouTube (your profile picture, then Create a channel).
        </P>
        <P>
          Then open {accountsLink}, press Add on the YouTube card, choose that Google account and allow Virality to manage your
          YouTube videos. Your channel appears on the card.
        </P>
      </>
    ),
  },
];

/** The FAQ as an accordion: one question open at a time. */
export function FaqList() {
  return (
    <Accordion
      variant="separated"
      radius="md"
      chevronPosition="right"
      // white cards with a border, like the page's other cards, on the grey app background too
      styles={{ item: { backgroundColor: 'var(--mantine-color-white)', borderColor: 'var(--mantine-color-gray-3)' } }}
    >
      {FAQS.map((f) => (
        <Accordion.Item key={f.id} value={f.id}>
          <Accordion.Control>
            <Text fw={600} size="sm">
              {f.question}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>{f.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
