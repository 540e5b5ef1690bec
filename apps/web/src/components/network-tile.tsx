import { Box } from '@mantine/core';
import {
  IconBrandFacebookFilled,
  IconBrandInstagramFilled,
  IconBrandLinkedinFilled,
  IconBrandThreads,
  IconBrandTiktokFilled,
  IconBrandXFilled,
  IconBrandYoutubeFilled,
} from '@tabler/icons-react';
import { SOCIAL_NETWORKS, type TSocialNetworkKey } from '@virality/domain';

/** Each network's own colour (never recoloured) and glyph. */
const MARKS: Record<TSocialNetworkKey, { color: string; Icon: typeof IconBrandTiktokFilled }> = {
  instagram: { color: '#FF0069', Icon: IconBrandInstagramFilled },
  facebook: { color: '#0866FF', Icon: IconBrandFacebookFilled },
  youtube: { color: '#FF0000', Icon: IconBrandYoutubeFilled },
  linkedin: { color: '#0A66C2', Icon: IconBrandLinkedinFilled },
  tiktok: { color: '#000000', Icon: IconBrandTiktokFilled },
  twitter: { color: '#000000', Icon: IconBrandXFilled },
  threads: { color: '#000000', Icon: IconBrandThreads },
};

type TProps = { network: TSocialNetworkKey; size?: number };

/** A network's mark: a tile in the network's colour with its white glyph, named for screen readers. */
export function NetworkTile({ network, size = 24 }: TProps) {
  const { color, Icon } = MARKS[network];
  const label = SOCIAL_NETWORKS.find((n) => n.key === network)?.label ?? network;
  return (
    <Box
      role="img"
      aria-label={label}
      w={size}
      h={size}
      style={{
        background: color,
        borderRadius: 6,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
      }}
    >
      <Icon size={Math.round(size * 0.6)} color="#fff" stroke={1.75} aria-hidden />
    </Box>
  );
}
