import type { TAvatarHue } from '../content';
import classes from './landing.module.css';

/** The first letters of the first and last words of a name: 'Maya Rivera' → 'MR'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0].charAt(0);
  const last = words.length > 1 ? (words.at(-1) ?? '').charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * A person drawn as their initials on a gradient (white on colours dark enough for 4.5:1). Decorative: the name is
 * always written beside it, so it is hidden from screen readers.
 */
export function InitialsAvatar({ name, hue, size }: { name: string; hue: TAvatarHue; size: number }) {
  return (
    <span
      className={classes.avatar}
      data-hue={hue}
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {initialsOf(name)}
    </span>
  );
}
