import type { MouseEvent } from 'react';

/** A checkbox that passes on whether Shift was held (range selection); Space works as a click. */
export function SelectCheckbox({
  label,
  isChecked,
  isIndeterminate = false,
  onToggle,
  className = '',
}: {
  label: string;
  isChecked: boolean;
  isIndeterminate?: boolean;
  onToggle: (event: { isRange: boolean }) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={isChecked}
      ref={(input) => {
        if (input) input.indeterminate = isIndeterminate;
      }}
      onChange={() => undefined}
      onClick={(event: MouseEvent<HTMLInputElement>) => onToggle({ isRange: event.shiftKey })}
      className={`size-4 cursor-pointer rounded border-slate-400 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2 ${className}`}
    />
  );
}
