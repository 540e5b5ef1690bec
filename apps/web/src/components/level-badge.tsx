import { useId } from 'react';

type TLevelName = 'Maker' | 'Trailblazer' | 'Visionary';

type TProps = {
  level: string;
  size?: number;
  /** A level not reached yet: drawn in greys. */
  locked?: boolean;
  /** Named for screen readers (default), or hidden when the level's name is written beside it. */
  decorative?: boolean;
};

/** Each level's colours: the badge's two gradient stops, its rim and its glyph. */
const LOOK: Record<TLevelName, { from: string; to: string; rim: string }> = {
  Maker: { from: '#38B2AC', to: '#1D6F6B', rim: '#A8E6E1' },
  Trailblazer: { from: '#F5A524', to: '#C2410C', rim: '#FFE0A8' },
  Visionary: { from: '#7F53F1', to: '#C2255C', rim: '#E2D6FF' },
};
const LOCKED = { from: '#D5DAE3', to: '#8C94A5', rim: '#F1F3F7' };

const levelName = (level: string): TLevelName => (level === 'Trailblazer' || level === 'Visionary' ? level : 'Maker');

/**
 * The three level badges, drawn: Maker a hexagon with a spark (the start of making), Trailblazer a shield with a
 * peak and its flag (a path opened), Visionary a rosette with a crown (the top). Each its own shape and colour, so
 * they are told apart without colour too.
 */
export function LevelBadge({ level, size = 48, locked = false, decorative = false }: TProps) {
  const id = useId().replace(/:/g, '');
  const name = levelName(level);
  const look = locked ? LOCKED : LOOK[name];
  const fill = `url(#${id}-g)`;
  const label = `${name} badge${locked ? ' (not reached yet)' : ''}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      role={decorative ? 'presentation' : 'img'}
      aria-hidden={decorative ? true : undefined}
      style={{ flex: 'none' }}
    >
      <title>{decorative ? '' : label}</title>
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
        <radialGradient id={`${id}-s`} cx="0.3" cy="0.2" r="0.8">
          <stop offset="0" stopColor="#fff" stopOpacity="0.45" />
          <stop offset="0.6" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
      </defs>
      {name === 'Maker' && (
        <>
          <path d="M32 3 57 17.5v29L32 61 7 46.5v-29Z" fill={fill} />
          <path
            d="M32 8.5 52.2 20.2v23.6L32 55.5 11.8 43.8V20.2Z"
            fill="none"
            stroke={look.rim}
            strokeOpacity="0.55"
            strokeWidth="1.5"
          />
          <path d="M32 3 57 17.5v29L32 61 7 46.5v-29Z" fill={`url(#${id}-s)`} />
          {/* a four-pointed spark and a small one beside it */}
          <path d="M32 18c1.2 6.6 3.4 8.8 10 10-6.6 1.2-8.8 3.4-10 10-1.2-6.6-3.4-8.8-10-10 6.6-1.2 8.8-3.4 10-10Z" fill="#fff" />
          <path
            d="M42.5 37.5c.5 2.6 1.4 3.5 4 4-2.6.5-3.5 1.4-4 4-.5-2.6-1.4-3.5-4-4 2.6-.5 3.5-1.4 4-4Z"
            fill="#fff"
            fillOpacity="0.85"
          />
        </>
      )}
      {name === 'Trailblazer' && (
        <>
          <path d="M32 3 55 11v20c0 14.5-9.6 25.2-23 30C18.6 56.2 9 45.5 9 31V11Z" fill={fill} />
          <path
            d="M32 8.4 50 14.7V31c0 11.4-7.3 20-18 24.3C21.3 51 14 42.4 14 31V14.7Z"
            fill="none"
            stroke={look.rim}
            strokeOpacity="0.55"
            strokeWidth="1.5"
          />
          <path d="M32 3 55 11v20c0 14.5-9.6 25.2-23 30C18.6 56.2 9 45.5 9 31V11Z" fill={`url(#${id}-s)`} />
          {/* a peak with a flag on its top, and the trail up to it */}
          <path d="M17.5 43 28 27.5l4.5 6 4-5.5L46.5 43Z" fill="#fff" />
          <path d="M36.5 28V15.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          <path d="M37.5 15.5h7.5l-2.2 3 2.2 3h-7.5Z" fill="#fff" />
          <path
            d="M24 43c2-2.5 5-3 7.5-4.5s3.5-3 5-5"
            fill="none"
            stroke={look.to}
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeDasharray="2 2.5"
          />
        </>
      )}
      {name === 'Visionary' && (
        <>
          <path
            d="M32 2.5l6.3 5.6 8.3-1.4 2.9 7.9 7.9 2.9-1.4 8.3 5.6 6.3-5.6 6.3 1.4 8.3-7.9 2.9-2.9 7.9-8.3-1.4-6.3 5.6-6.3-5.6-8.3 1.4-2.9-7.9-7.9-2.9 1.4-8.3L2.5 34l5.6-6.3-1.4-8.3 7.9-2.9 2.9-7.9 8.3 1.4Z"
            fill={fill}
          />
          <circle cx="32" cy="33" r="20.5" fill="none" stroke={look.rim} strokeOpacity="0.55" strokeWidth="1.5" />
          <path
            d="M32 2.5l6.3 5.6 8.3-1.4 2.9 7.9 7.9 2.9-1.4 8.3 5.6 6.3-5.6 6.3 1.4 8.3-7.9 2.9-2.9 7.9-8.3-1.4-6.3 5.6-6.3-5.6-8.3 1.4-2.9-7.9-7.9-2.9 1.4-8.3L2.5 34l5.6-6.3-1.4-8.3 7.9-2.9 2.9-7.9 8.3 1.4Z"
            fill={`url(#${id}-s)`}
          />
          {/* a crown with three points, a jewel on each */}
          <path d="M20 40.5 18 24.5l8 6.5 6-10 6 10 8-6.5-2 16Z" fill="#fff" />
          <rect x="20" y="42.5" width="24" height="3.5" rx="1.5" fill="#fff" />
          <circle cx="18" cy="23.5" r="2" fill="#fff" />
          <circle cx="32" cy="19.5" r="2.2" fill="#fff" />
          <circle cx="46" cy="23.5" r="2" fill="#fff" />
          <circle cx="32" cy="34" r="2.4" fill={look.to} />
        </>
      )}
    </svg>
  );
}
