import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnce } from '../lib/build-version';
import { NotFoundPage } from './not-found';

const BOT = /bot|crawler|spider|crawling|slurp|facebookexternalhit|preview/i;

/** Anything a route throws. 404s show the not-found page, everything else a generic page. */
export function RouteErrorPage() {
  const error = useRouteError();
  // Crawlers must not index an error page as content.
  if (typeof navigator !== 'undefined' && BOT.test(navigator.userAgent)) return null;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A page's code that is gone after a deploy: load the new build (once; see build-version.ts).
  if (isChunkLoadError(error) && reloadOnce()) return null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-2xl flex-col items-center justify-center px-4 text-center"
    >
      <p className="font-semibold text-indigo-600 text-sm">{status}</p>
      <h1 className="mt-2 font-bold text-3xl text-slate-900 tracking-tight">Internal Server Error</h1>
      <p className="mt-4 text-slate-600">
        Something went wrong on our side. Reload the page to try again; if it keeps happening, contact support.
      </p>
      <div className="mt-8 flex gap-3">
        <button
          type="button"
          className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-sm text-white hover:bg-indigo-700"
          onClick={() => window.location.reload()}
        >
          Reload the page
        </button>
        <a
          href="/"
          className="rounded-lg px-4 py-2.5 font-semibold text-slate-900 text-sm ring-1 ring-slate-300 ring-inset"
        >
          Go to the home page
        </a>
      </div>
    </main>
  );
}
