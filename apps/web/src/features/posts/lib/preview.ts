import type { TSocialNetworkKey } from '@virality/domain';

/**
 * Where each network folds a caption in its feed, and what it shows there (approximate: the networks change
 * these and fold some by lines too). X and Threads show the whole text up to their limits.
 */
export const CAPTION_FOLD: Record<TSocialNetworkKey, { chars: number; more: string }> = {
  instagram: { chars: 125, more: 'more' },
  facebook: { chars: 250, more: 'See more' },
  youtube: { chars: 100, more: '...more' },
  linkedin: { chars: 210, more: '…see more' },
  tiktok: { chars: 80, more: 'more' },
  twitter: { chars: 280, more: 'Show more' },
  threads: { chars: 500, more: 'more' },
};

/** A caption as the network's feed shows it before "more": cut at a word where it can be, never inside an emoji. */
export function foldCaption(network: TSocialNetworkKey, text: string): { shown: string; folded: boolean; more: string } {
  const { chars, more } = CAPTION_FOLD[network];
  const points = Array.from(text);
  if (points.length <= chars) return { shown: text, folded: false, more };
  let cut = points.slice(0, chars).join('');
  const space = cut.search(/\s\S*$/);
  if (space > chars * 0.6) cut = cut.slice(0, space);
  return { shown: `${cut.trimEnd()}…`, folded: true, more };
}
