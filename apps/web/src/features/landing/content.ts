import type { TSocialNetworkKey } from '@virality/domain';

/**
 * The words of the public site (landing and founders page), kept apart from the layout so they can be edited
 * without touching it. The people named here are sample profiles drawn as initials: they are to be replaced by
 * real people, with their consent and their own words, before the site is public (docs/decisions.md).
 */

/** One person shown with a drawn initials avatar; `hue` picks the avatar's colours. */
export type TPerson = { name: string; role: string; hue: TAvatarHue };
export type TAvatarHue = 'violet' | 'pink' | 'teal' | 'orange' | 'blue' | 'green';

export type TFeature = { key: string; title: string; text: string };

/** What the product does, one card each (landing-sections picks the icon by key). */
export const FEATURES: TFeature[] = [
  {
    key: 'publish',
    title: 'Publish everywhere at once',
    text: 'Write the caption once, add your photos or video, tick the accounts and send. Each network’s own limits are checked while you write, so a post is not refused at the last minute, and you see where it went.',
  },
  {
    key: 'schedule',
    title: 'Schedule for the right moment',
    text: 'Pick a day and time and Virality publishes it then, in your own time zone. Pause, resume, reschedule or post at once until it has gone out.',
  },
  {
    key: 'approve',
    title: 'Drafts your business approves',
    text: 'A business adds its team and decides who may post, schedule or read analytics on each network. What a team member writes waits as a draft until the owner approves it.',
  },
  {
    key: 'calendar',
    title: 'Your month on one calendar',
    text: 'Every scheduled and published post on a month, week or day view, so the gaps and the busy days are plain to see.',
  },
  {
    key: 'analytics',
    title: 'See what worked',
    text: 'Likes, comments and views for each post on each network, and how many posts you sent this week, side by side.',
  },
  {
    key: 'points',
    title: 'Points and a wallet',
    text: 'Every post you publish earns Virality points and moves you from Maker to Trailblazer and Visionary. Brands can pay influencers through Virality, and the wallet pays out to PayPal.',
  },
];

export type TInfluencer = TPerson & { networks: TSocialNetworkKey[]; quote: string };

/** Trusted By: influencers and how they use Virality. */
export const INFLUENCERS: TInfluencer[] = [
  {
    name: 'Maya Rivera',
    role: 'Food creator',
    hue: 'orange',
    networks: ['instagram', 'youtube', 'tiktok'],
    quote:
      'I film a recipe once and it goes out to Instagram, YouTube and TikTok at seven in the morning, while I am still asleep.',
  },
  {
    name: 'Jonas Weber',
    role: 'Cycling and travel',
    hue: 'teal',
    networks: ['youtube', 'instagram', 'threads'],
    quote:
      'On Sunday evening I schedule the whole week from my laptop. The calendar shows me at a glance which days are still empty.',
  },
  {
    name: 'Priya Nair',
    role: 'Personal finance',
    hue: 'violet',
    networks: ['linkedin', 'twitter', 'youtube'],
    quote: 'One chart, one caption, three networks. Afterwards I can see in one place where it was read and where it was shared.',
  },
  {
    name: 'Kofi Mensah',
    role: 'Fitness coach',
    hue: 'green',
    networks: ['instagram', 'tiktok', 'facebook'],
    quote: 'The points add up with every post, and when a brand pays me for a campaign it lands in my wallet.',
  },
];

export type TAdvisor = TPerson & { bio: string };

/** The advisors. */
export const ADVISORS: TAdvisor[] = [
  {
    name: 'Helen Okafor',
    role: 'Privacy and data protection',
    hue: 'blue',
    bio: 'A privacy lawyer for consumer apps for fifteen years. She makes sure we keep only the data we need and let people take it with them.',
  },
  {
    name: 'Marco Bianchi',
    role: 'Creator partnerships',
    hue: 'pink',
    bio: 'Ran influencer campaigns for food and sports brands for twelve years, and knows what both sides of a paid post need to trust each other.',
  },
  {
    name: 'Sara Lindqvist',
    role: 'Product and growth',
    hue: 'teal',
    bio: 'Built publishing tools for newsrooms, where a story that goes out twice or not at all is front-page news of its own.',
  },
];

export type TFounder = TPerson & { bio: string[] };

/** The founders page: two bios. */
export const FOUNDERS: TFounder[] = [
  {
    name: 'Arjun Kapoor',
    role: 'Co-founder and Chief Executive',
    hue: 'violet',
    bio: [
      'Arjun ran social media for a group of restaurants and then for a handful of creators. Every post meant opening six apps, pasting the same caption six times and hoping the video was the right size for each of them.',
      'He started Virality so that a post is written once, checked against every network’s rules before it is sent, and goes out everywhere at the time it was planned for. He looks after the product and the people who use it, and still answers support e-mails himself on Fridays.',
    ],
  },
  {
    name: 'Elena Sokolova',
    role: 'Co-founder and Chief Technology Officer',
    hue: 'pink',
    bio: [
      'Elena spent ten years building payment and messaging systems, where a message sent twice or lost is not an option. She brought the same rule to publishing: a post goes out once to each account, even when a network is slow or a server restarts mid-way.',
      'She leads engineering and security at Virality: how accounts are connected, how your data is kept, and how the wallet pays out. When she is not at work she is usually on a climbing wall.',
    ],
  },
];

export type TFaq = { question: string; answer: string };

/**
 * The landing's FAQ, seven questions. `{pricing}` in an answer is drawn as a link to the pricing page.
 */
export const FAQ: TFaq[] = [
  {
    question: 'What is Virality?',
    answer:
      'Virality is one place to write a post once and publish it to Instagram, Facebook, YouTube, LinkedIn, TikTok, X and Threads, now or at a time you choose. Your drafts, your calendar and each post’s results are kept together, and every post you publish earns points.',
  },
  {
    question: 'Who is it for?',
    answer:
      'Influencers and creators, small businesses with a team, and influencer marketing companies. You choose Influencer, Business or Influencer Marketing Company when you sign up, and Virality shows you the tools for that kind of account.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'Influencers start free: the free plan includes 5 posts a month and renews every month from the day you signed up. Businesses choose a monthly plan: Starter includes 20 posts a month and Professional has no post limit. {pricing} shows the prices in your currency.',
  },
  {
    question: 'What do I need to connect my accounts?',
    answer:
      'Instagram needs a business profile linked to a Facebook page you manage, so you connect it through a Facebook account that has that page. YouTube needs a channel. For Facebook and LinkedIn you choose the pages to publish to; TikTok, X and Threads connect with your usual login.',
  },
  {
    question: 'Can I schedule posts?',
    answer:
      'Yes. Choose a day and a time at least 10 minutes ahead and Virality publishes the post then, shown in your own time zone. Until it goes out you can pause, resume, reschedule or post it at once, and every scheduled post appears on your calendar.',
  },
  {
    question: 'Can my team post for my business?',
    answer:
      'Yes. A Business account adds team members and decides, network by network, whether each one may post, schedule or read analytics. What a team member writes is saved as a draft, and the owner is notified to review it and approve it before it is published.',
  },
  {
    question: 'How do points and payments work?',
    answer:
      'Each post you publish earns points: one for every network it goes to, and more for carousels and multi-posts. Points move you up from Maker to Trailblazer and Visionary. Influencers also have a wallet: brands can pay you through Virality, and you withdraw to the PayPal account named in your profile.',
  },
];
