import type { User } from '@plinth/contract';

/** The user's picture, or their initials on a colour of their own. */
export function UserAvatar({
  user,
  size = 'md',
}: {
  user: Pick<User, 'name' | 'email' | 'avatar_url'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const sizes = { sm: 'size-7 text-xs', md: 'size-8 text-sm', lg: 'size-16 text-xl' } as const;
  if (user.avatar_url) {
    return <img src={user.avatar_url} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />;
  }
  const initials =
    (user.name || user.email)
      .split(/[\s@.]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  const hue = [...user.email].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <span
      aria-hidden
      style={{ backgroundColor: `hsl(${hue} 55% 30%)` }}
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white`}
    >
      {initials}
    </span>
  );
}
