/** Initials in a circle: members have no pictures in the member list's answer. */
export function MemberAvatar({ name, email, muted = false }: { name: string; email: string; muted?: boolean }) {
  const source = name.trim() || email;
  const initials =
    source
      .split(/[\s@._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span
      aria-hidden
      className={`flex size-9 shrink-0 items-center justify-center rounded-full font-semibold text-xs ${muted ? 'bg-slate-100 text-slate-700 ring-1 ring-slate-400 ring-dashed' : 'bg-indigo-100 text-indigo-700'}`}
    >
      {initials}
    </span>
  );
}
