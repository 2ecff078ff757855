import type { BulkFailure } from '../api/bulk-media';

/** The files a bulk action could not handle, each with the server's reason. */
export function BulkFailures({ failures, verb }: { failures: readonly BulkFailure[]; verb: string }) {
  if (failures.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-3 text-red-800 ring-1 ring-red-200 ring-inset">
      <p className="font-medium">
        {failures.length} {failures.length === 1 ? 'file was' : 'files were'} not {verb}:
      </p>
      <ul className="mt-1.5 max-h-40 space-y-1 overflow-y-auto">
        {failures.map(({ asset, message }) => (
          <li key={asset.id} className="break-words">
            <span className="font-medium">{asset.filename}</span>: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
