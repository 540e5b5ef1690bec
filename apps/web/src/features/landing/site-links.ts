/**
 * Where the public site's footer sends people off the site: Virality's own accounts on the networks and the
 * mobile apps in the two stores. Until the store listings are published, the store links open a store search
 * for Virality (docs/decisions.md); put the listings' addresses here once they exist.
 */
export const SOCIAL_LINKS = [
  { network: 'instagram', label: 'Virality on Instagram', href: 'https://www.instagram.com/viralityapp' },
  { network: 'facebook', label: 'Virality on Facebook', href: 'https://www.facebook.com/viralityapp' },
  { network: 'youtube', label: 'Virality on YouTube', href: 'https://www.youtube.com/@viralityapp' },
  { network: 'linkedin', label: 'Virality on LinkedIn', href: 'https://www.linkedin.com/company/viralityapp' },
  { network: 'twitter', label: 'Virality on X', href: 'https://x.com/viralityapp' },
] as const;

export const STORE_LINKS = {
  appStore: 'https://apps.apple.com/search?term=Virality',
  googlePlay: 'https://play.google.com/store/search?q=Virality&c=apps',
} as const;
