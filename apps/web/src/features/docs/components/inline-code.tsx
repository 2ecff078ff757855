import { Fragment } from 'react';

/**
 * Code inside a sentence. Long paths such as `/api/v1/projects/:projectId/…` have no spaces, so
 * on a phone they would run past the screen: they may break before each `/` (after the first
 * character), and anywhere else when a single segment is still too long.
 */
export function InlineCode({ children }: { children: string }) {
  const parts = children.split(/(?=\/)/);
  return (
    <code className="wrap-anywhere box-decoration-clone rounded bg-slate-100 px-1 py-0.5 text-[0.9em]">
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </code>
  );
}
