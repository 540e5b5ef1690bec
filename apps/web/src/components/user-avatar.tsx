import { Avatar, type AvatarProps } from '@mantine/core';

type TProps = { name: string | null; image: string | null; color: string | null } & Omit<AvatarProps, 'src' | 'color'>;

/** Capitals drawn as one upright stroke (Latin I, Greek Iota, Cyrillic I and palochka, the click letter ǀ). */
const UPRIGHT_STROKE = /^[IΙІӀǀ]$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The initials an avatar shows: the first letter (or digit) of the first two words, in capitals. Two upright
 * strokes side by side ('II', as for Ian Irwin) read as a pause sign, so such a pair shows one letter.
 * Lower-case l becomes L and '|' is no letter, so neither can make the pair. Empty when the name has no letter.
 */
export function avatarInitials(name: string | null): string {
  const letters = (name ?? '')
    .split(/\s+/)
    .map((word) => Array.from(word).find((ch) => LETTER_OR_DIGIT.test(ch)))
    .filter((ch): ch is string => !!ch)
    .slice(0, 2)
    .map((ch) => ch.toUpperCase());
  if (letters.length === 2 && letters.every((ch) => UPRIGHT_STROKE.test(ch))) return letters[0];
  return letters.join('');
}

/** The user's photo, or their initials on their background colour. */
export function UserAvatar({ name, image, color, ...rest }: TProps) {
  const initials = avatarInitials(name);
  return (
    <Avatar
      src={image || null}
      alt={name ?? 'User avatar'}
      radius={1000}
      {...rest}
      styles={color ? { placeholder: { backgroundColor: color, color: 'white' } } : undefined}
    >
      {initials || null}
    </Avatar>
  );
}
