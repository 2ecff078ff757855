import { ExternalLink, Globe } from 'lucide-react';

/** Says, before anyone types, that incidents are published as written. */
export function PublicNotice() {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-sky-50 p-4 text-sky-900 text-sm ring-1 ring-sky-200 sm:flex-row sm:items-center">
      <Globe className="hidden size-5 shrink-0 text-sky-700 sm:block" aria-hidden />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Incidents are public.</strong> Titles, impact and every update appear on the
        status page as you write them, and confirmed subscribers get an email when an incident opens and with each
        update.
      </p>
      <a
        href="/status"
        target="_blank"
        rel="noopener"
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg bg-white px-3 py-1.5 font-semibold text-sky-900 ring-1 ring-sky-300 ring-inset hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:self-auto"
      >
        View the status page
        <ExternalLink className="size-4" aria-hidden />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}
