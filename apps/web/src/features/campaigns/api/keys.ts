/** Every campaign query sits under this key: a write (create, tag, answer) reads them all again. */
export const CAMPAIGNS_KEY = ['campaigns'] as const;

export const campaignKeys = {
  list: (page: number) => [...CAMPAIGNS_KEY, 'list', page] as const,
  tagged: (page: number) => [...CAMPAIGNS_KEY, 'tagged', page] as const,
  one: (id: string) => [...CAMPAIGNS_KEY, 'one', id] as const,
  report: (id: string) => [...CAMPAIGNS_KEY, 'report', id] as const,
  search: (q: string) => [...CAMPAIGNS_KEY, 'search', q] as const,
};

/** The browser's time zone (an IANA name), in which the server reads "today"; UTC if it has none. */
export const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};
