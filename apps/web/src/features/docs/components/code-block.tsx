/** A labelled, scrollable code sample. */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="mt-4 overflow-hidden rounded-xl bg-slate-900 shadow-sm">
      <figcaption className="border-slate-700 border-b px-4 py-2 font-medium text-slate-300 text-xs">
        {title}
      </figcaption>
      <pre className="overflow-x-auto p-4 text-slate-100 text-sm leading-6">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
