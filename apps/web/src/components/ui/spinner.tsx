export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 text-sm text-slate-600">
      <span className="size-5 animate-spin rounded-full border-2 border-indigo-600 border-r-transparent" aria-hidden />
      {label}
    </div>
  );
}
