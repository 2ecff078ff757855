import { ArrowLeft, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, type To } from 'react-router';
import { isNotFound } from '../../lib/api-client';
import { EmptyState } from './empty-state';
import { LoadError } from './query-state';

// The parts of a page that shows one record opened from a list (an incident, a message).

/** The way back to the list the record was opened from. */
export function BackLink({ to, children }: { to: To; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded font-medium text-indigo-700 text-sm hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {children}
    </Link>
  );
}

/**
 * The record's title. It takes focus when it appears: opening a record is a change of page, so
 * focus (and screen readers) go to what was opened.
 */
export function DetailTitle({ id, children }: { id: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2
      id={id}
      ref={heading}
      tabIndex={-1}
      className="break-words font-semibold text-slate-900 text-xl focus:outline-none"
    >
      {children}
    </h2>
  );
}

/**
 * A record that could not be loaded: "does not exist" when the API answers 404 (it was deleted,
 * or the link is wrong), otherwise the error with a way to try again.
 */
export function DetailLoadError({
  error,
  onRetry,
  errorTitle,
  missingTitle,
  children,
}: {
  error: unknown;
  onRetry: () => void;
  errorTitle: string;
  missingTitle: string;
  /** What to do about a missing record. */
  children: ReactNode;
}) {
  if (isNotFound(error)) {
    return (
      <EmptyState icon={SearchX} title={missingTitle}>
        {children}
      </EmptyState>
    );
  }
  return <LoadError title={errorTitle} error={error} onRetry={onRetry} />;
}
