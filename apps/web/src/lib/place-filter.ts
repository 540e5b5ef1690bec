import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { rankPlaceNames } from '@virality/domain';

/**
 * A searchable picker's filter that ranks by the shared rule: names that start with the typed text first
 * ('India' before 'British Indian Ocean Territory'), then names with a word that starts with it, then the
 * rest. For flat lists of options whose labels are unique.
 */
export const rankedFilter: OptionsFilter = ({ options, search, limit }) => {
  const items = options.filter((o): o is ComboboxItem => 'value' in o);
  const byLabel = new Map(items.map((o) => [o.label, o]));
  const ranked = rankPlaceNames(
    items.map((o) => o.label),
    search,
  );
  return ranked.slice(0, limit).map((label) => byLabel.get(label)) as ComboboxParsedItem[];
};
