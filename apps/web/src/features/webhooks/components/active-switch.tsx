import { Switch } from 'radix-ui';
import { type ReactNode, useId } from 'react';

/** An on/off switch with its label and a line saying what it does. */
export function ActiveSwitch({
  checked,
  onChange,
  label,
  hint,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-indigo-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
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
