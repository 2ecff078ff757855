/** A grey placeholder where content is loading (screen readers hear the Loading label of the region instead). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden className={`animate-pulse rounded-md bg-slate-200/70 ${className}`} />;
}
