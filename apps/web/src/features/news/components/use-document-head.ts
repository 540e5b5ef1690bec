import { useEffect } from 'react';

export type THead = { title: string; description: string; image?: string | null; url?: string; type?: 'article' | 'website' };

/** Sets a meta tag's content (adding the tag when the page has none); returns how to put back what was there. */
function setMeta(attr: 'name' | 'property', key: string, content: string | null): () => void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  const created = !el;
  const before = el?.getAttribute('content') ?? null;
  if (content === null) {
    if (!el) return () => undefined;
    el.remove();
    return () => {
      if (el) document.head.appendChild(el);
    };
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
  return () => {
    if (created) el?.remove();
    else if (before !== null) el?.setAttribute('content', before);
  };
}

/**
 * The page's title, description and Open Graph tags while it is shown (null: leave the site's own); put back as
 * they were when it goes.
 */
export function useDocumentHead(head: THead | null): void {
  const key = head ? JSON.stringify(head) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the head is compared by its content (key)
  useEffect(() => {
    if (!head) return;
    const title = document.title;
    document.title = head.title;
    const undo = [
      setMeta('name', 'description', head.description),
      setMeta('property', 'og:type', head.type ?? 'website'),
      setMeta('property', 'og:title', head.title),
      setMeta('property', 'og:description', head.description),
      setMeta('property', 'og:url', head.url ?? window.location.href),
      setMeta('property', 'og:site_name', 'Virality'),
      setMeta('property', 'og:image', head.image ?? null),
      setMeta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ];
    return () => {
      document.title = title;
      for (const fn of undo.reverse()) fn();
    };
  }, [key]);
}
