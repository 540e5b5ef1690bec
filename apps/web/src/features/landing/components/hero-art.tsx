import { IconCircleCheckFilled } from '@tabler/icons-react';
import { SOCIAL_NETWORKS } from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { InitialsAvatar } from './initials-avatar';
import classes from './landing.module.css';

const NETWORK_NAMES = SOCIAL_NETWORKS.map((n) => n.label);

// Each wire runs from the middle of the post's right edge to the middle of a network's row (7 rows of 40 px with
// 8 px between them: row i is centred at (20 + 48 i) / 328 of the height; the phone's 36 + 6 px rows land within
// a pixel of the same fractions).
const WIRES = SOCIAL_NETWORKS.map((_, i) => {
  const y = ((20 + 48 * i) / 328) * 100;
  return `M0 50 C 55 50, 45 ${y.toFixed(2)}, 100 ${y.toFixed(2)}`;
});

/** The hero's drawing: one scheduled post wired to the seven networks it was published to. */
export function HeroArt() {
  return (
    <div
      className={classes.art}
      role="img"
      aria-label={`A post scheduled once and published to ${NETWORK_NAMES.slice(0, -1).join(', ')} and ${NETWORK_NAMES.at(-1)}`}
    >
      <div className={classes.artCard}>
        <div className={classes.artCardHead}>
          <InitialsAvatar name="Maya Rivera" hue="orange" size={32} />
          <div>
            <div className={classes.artName}>Maya Rivera</div>
            <div className={classes.artMeta}>Scheduled · Fri 7:00 AM</div>
          </div>
        </div>
        <svg className={classes.artPicture} viewBox="0 0 160 100" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
          <defs>
            <linearGradient id="landing-sky" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#e0d7fa" />
              <stop offset="1" stopColor="#ffd8a8" />
            </linearGradient>
          </defs>
          <rect width="160" height="100" fill="url(#landing-sky)" />
          <circle cx="112" cy="46" r="16" fill="#ff922b" />
          <path d="M0 70 Q 40 44 80 66 T 160 58 V100 H0 Z" fill="#9a7ce6" />
          <path d="M0 84 Q 50 64 100 82 T 160 78 V100 H0 Z" fill="#5f30d8" />
        </svg>
        <div className={classes.artCaption}>Three breakfasts in ten minutes. The recipes are in the video.</div>
      </div>
      <svg className={classes.artWires} viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
        {WIRES.map((d) => (
          <path key={d} d={d} fill="none" vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      <ul className={classes.artList}>
        {SOCIAL_NETWORKS.map((n) => (
          <li key={n.key} className={classes.artRow}>
            <NetworkTile network={n.key} size={24} />
            <span className={classes.artRowName}>{n.label}</span>
            <IconCircleCheckFilled size={16} className={classes.artCheck} aria-hidden />
          </li>
        ))}
      </ul>
    </div>
  );
}
