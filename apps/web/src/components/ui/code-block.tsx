import { CopyButton } from './copy-button';

/**
 * A block of code or data with a caption and its own copy button; long lines and long bodies
 * scroll inside a named region that takes focus, so keyboard users can scroll it too.
 */
export function CodeBlock({
  code,
  label,
  copyLabel = 'Copy',
  maxHeight = 'max-h-96',
}: {
  code: string;
  /** The caption, also the name of the scrollable region. */
  label: string;
  copyLabel?: string;
  /** A Tailwind max-height class for the scrolling area. */
  maxHeight?: string;
}) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-lg bg-slate-900 shadow-sm ring-1 ring-slate-900/10">
      <figcaption className="flex items-center justify-between gap-3 border-slate-700 border-b py-1.5 pr-2 pl-4">
        <span className="truncate font-medium text-slate-300 text-xs">{label}</span>
        <span className="rounded-md bg-white">
          <CopyButton value={code} label={copyLabel} className="whitespace-nowrap" />
        </span>
      </figcaption>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
        tabIndex={0}
        aria-label={label}
        className={`${maxHeight} overflow-auto focus-visible:outline-2 focus-visible:outline-indigo-400 focus-visible:-outline-offset-2`}
      >
        <pre className="w-max min-w-full p-4 text-slate-100 text-xs leading-5 sm:text-sm sm:leading-6">
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}
