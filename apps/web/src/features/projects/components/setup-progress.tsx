import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

type TaskState = 'done' | 'running' | 'failed' | 'waiting';

function Task({ state, children }: { state: TaskState; children: ReactNode }) {
  const icons = {
    done: <CircleCheck className="size-5 text-emerald-600" aria-hidden />,
    running: <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden />,
    failed: <CircleAlert className="size-5 text-red-600" aria-hidden />,
    waiting: <span className="m-1 size-3 rounded-full ring-2 ring-slate-300" aria-hidden />,
  };
  const words = { done: 'done', running: 'in progress', failed: 'failed', waiting: 'waiting' };
  return (
    <li className="flex items-start gap-3">
      <span className="flex size-5 shrink-0 items-center justify-center">{icons[state]}</span>
      <span className={`min-w-0 break-words text-sm ${state === 'waiting' ? 'text-slate-500' : 'text-slate-900'}`}>
        {children}
        <span className="sr-only"> ({words[state]})</span>
      </span>
    </li>
  );
}

/**
 * What setting up the project is doing: creating it, adding the starter, opening it. A starter
 * that fails leaves the created project as it is, with a way to try again or go on without it.
 */
export function SetupProgress({
  projectName,
  starterName,
  isCreated,
  starterError,
  isRetrying,
  onRetry,
  onSkip,
}: {
  projectName: string;
  /** null when the project starts empty. */
  starterName: string | null;
  isCreated: boolean;
  starterError: unknown;
  isRetrying: boolean;
  onRetry: () => void;
  onSkip: () => void;
}) {
  const failed = starterError !== null;
  let starterState: TaskState = 'waiting';
  if (failed) starterState = 'failed';
  else if (isCreated) starterState = 'running';

  return (
    <div className="space-y-6">
      <ol aria-label="Setup progress" className="space-y-3">
        <Task state={isCreated ? 'done' : 'running'}>
          Create the project “<span className="font-medium">{projectName}</span>”
        </Task>
        {starterName ? (
          <Task state={starterState}>
            Add the {starterName} starter: its collections, components, sample documents and images
          </Task>
        ) : null}
        <Task state="waiting">Open the project’s dashboard</Task>
      </ol>
      {failed ? (
        <div role="alert" className="rounded-xl bg-red-50 p-5 ring-1 ring-red-200">
          <p className="font-semibold text-red-900">
            The project was created, but the {starterName ?? ''} starter could not be added.
          </p>
          <p className="mt-1 text-red-800 text-sm">{errorMessage(starterError, 'Please check your connection.')}</p>
          <p className="mt-2 text-red-800 text-sm">
            Nothing is lost: try again, or continue with the empty project and add content yourself.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button onClick={onRetry} isLoading={isRetrying}>
              Try again
            </Button>
            <Button variant="secondary" onClick={onSkip} disabled={isRetrying}>
              Continue with an empty project
            </Button>
          </div>
        </div>
      ) : (
        <p role="status" className="text-slate-600 text-sm">
          {isCreated && starterName
            ? `Adding the ${starterName} starter… This takes a few seconds.`
            : 'Creating your project…'}
        </p>
      )}
    </div>
  );
}
