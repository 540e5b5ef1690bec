import { Box, Center } from '@mantine/core';
import { IconPhoto, IconPlayerPlayFilled } from '@tabler/icons-react';

type TMedia = { ImageVideoUrl: string; PostType: string; ImageVideoName?: string };
type TProps = { media: readonly TMedia[]; size?: number | string; height?: number | string; radius?: number };

/** A post's first media file as a square thumbnail (a video shows its first frame and a play mark; several files a count). */
export function PostMediaThumb({ media, size = 72, height, radius = 8 }: TProps) {
  const first = media[0];
  const frame = {
    width: size,
    height: height ?? size,
    borderRadius: radius,
    overflow: 'hidden',
    position: 'relative' as const,
    flex: 'none',
    background: 'var(--mantine-color-gray-1)',
  };
  if (!first) {
    return (
      <Center style={frame} aria-hidden>
        <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  }
  const video = first.PostType === 'VIDEO';
  const fill = { width: '100%', height: '100%', objectFit: 'cover' as const, display: 'block' };
  return (
    <Box style={frame}>
      {video ? (
        <video src={`${first.ImageVideoUrl}#t=0.1`} muted preload="metadata" style={fill} aria-label="Video" />
      ) : (
        <img src={first.ImageVideoUrl} alt="" loading="lazy" style={fill} />
      )}
      {video && (
        <Center
          style={{
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            color: '#fff',
            filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.5))',
          }}
          aria-hidden
        >
          <IconPlayerPlayFilled size={22} />
        </Center>
      )}
      {media.length > 1 && (
        <Box
          style={{
            position: 'absolute',
            right: 4,
            bottom: 4,
            background: 'rgba(16,24,40,.72)',
            color: '#fff',
            fontSize: 11,
            fontWeight: 600,
            borderRadius: 4,
            padding: '0 4px',
          }}
          aria-label={`${media.length} files`}
        >
          {media.length}
        </Box>
      )}
    </Box>
  );
}
