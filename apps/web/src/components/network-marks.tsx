import { Group } from '@mantine/core';
import { SOCIAL_NETWORKS, type TSocialNetworkKey } from '@virality/domain';
import { NetworkTile } from './network-tile';

/** A post's networks (by SocialMediaID, each once, in the networks' order) as marks. */
export function NetworkMarks({ ids, size = 20 }: { ids: readonly string[]; size?: number }) {
  const keys: TSocialNetworkKey[] = SOCIAL_NETWORKS.filter((n) => ids.includes(n.id)).map((n) => n.key);
  // an id no network has is shown as Threads, as list views do
  if (ids.some((id) => !SOCIAL_NETWORKS.some((n) => n.id === id)) && !keys.includes('threads')) keys.push('threads');
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((k) => (
        <NetworkTile key={k} network={k} size={size} />
      ))}
    </Group>
  );
}
