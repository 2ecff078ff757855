import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-md font-bold text-slate-900 text-lg tracking-tight">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path d="M7 23h18v3H7zM10 9h12v3H10zm1 4h3v9h-3zm7 0h3v9h-3z" fill="#fff" />
      </svg>
      Plinth
    </Link>
  );
}
