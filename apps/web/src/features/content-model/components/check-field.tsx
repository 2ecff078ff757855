import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** A checkbox with its label and a line saying what it does. */
export function CheckField({
  label,
  hint,
  ...props
}: { label: string; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className="flex gap-2.5">
      <input
        id={id}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600 disabled:opacity-70"
        {...props}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900 text-sm">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-slate-600 text-xs">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
