import { Avatar, type AvatarProps } from '@mantine/core';

type TProps = { name: string | null; image: string | null; color: string | null } & Omit<AvatarProps, 'src' | 'color'>;

/** The user's photo, or their initials on their background colour. */
export function UserAvatar({ name, image, color, ...rest }: TProps) {
  const initials = (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
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
