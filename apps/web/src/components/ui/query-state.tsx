import { errorMessage } from '../../lib/api-client';
import { Spinner } from './spinner';

/** What a section shows while its data loads. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} />
    </div>
  );
}

/** What a section shows when its data could not be loaded, with a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-6 text-center ring-1 ring-red-200">
      <p className="font-semibold text-red-800">{title}</p>
      <p className="mt-1 text-red-700 text-sm">{errorMessage(error, 'Please check your connection and try again.')}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-lg bg-white px-3 py-2 font-semibold text-red-800 text-sm ring-1 ring-red-300 ring-inset hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700 focus-visible:outline-offset-2"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
