import { Carousel } from '@mantine/carousel';
import { AspectRatio, Box, Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { TPost } from '@virality/domain';

type TMedia = TPost['MediaDetails'][number];

const isVideo = (m: TMedia) => m.PostType === 'VIDEO' || m.ImageVideoType.startsWith('video/');
const fill = { width: '100%', height: '100%', objectFit: 'contain' as const, display: 'block' };

/** One media file, whole (never cropped) on a grey ground: a photo, or a video with its controls. */
function Slide({ media, index, count }: { media: TMedia; index: number; count: number }) {
  const name = count > 1 ? `${isVideo(media) ? 'Video' : 'Photo'} ${index + 1} of ${count}` : isVideo(media) ? 'Video' : 'Photo';
  return (
    <AspectRatio ratio={1} bg="gray.1">
      {isVideo(media) ? (
        // biome-ignore lint/a11y/useMediaCaption: the networks carry no captions for a post's video
        <video src={media.ImageVideoUrl} controls preload="metadata" playsInline style={fill} aria-label={name} />
      ) : (
        <img src={media.ImageVideoUrl} alt={name} style={fill} />
      )}
    </AspectRatio>
  );
}

/** The post's media: one file as it is, several in a carousel with arrows and dots (the arrow keys move it too). */
export function PostOverviewMedia({ media }: { media: readonly TMedia[] }) {
  if (media.length === 0) {
    return (
      <AspectRatio ratio={16 / 9} bg="gray.1">
        <Center aria-hidden>
          <IconPhoto size={40} color="var(--mantine-color-gray-5)" />
        </Center>
      </AspectRatio>
    );
  }
  if (media.length === 1) return <Slide media={media[0]} index={0} count={1} />;
  return (
    <Box role="region" aria-roledescription="carousel" aria-label="Post media">
      <Carousel
        withIndicators
        controlSize={36}
        emblaOptions={{ loop: false, align: 'start' }}
        previousControlProps={{ 'aria-label': 'Previous media' }}
        nextControlProps={{ 'aria-label': 'Next media' }}
        getIndicatorProps={(i) => ({ 'aria-label': `Show media ${i + 1} of ${media.length}` })}
      >
        {media.map((m, i) => (
          <Carousel.Slide
            // biome-ignore lint/suspicious/noArrayIndexKey: a post's media keep their order, and one file may be there twice
            key={`${m.ImageVideoUrl}-${i}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${media.length}`}
          >
            <Slide media={m} index={i} count={media.length} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
