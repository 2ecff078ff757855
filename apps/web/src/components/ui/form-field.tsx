import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

/** The look of these fields' controls, for a control they cannot render. */
export const CONTROL =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset aria-[invalid=true]:ring-red-500 sm:text-sm';

interface FieldFrame {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function Frame({ id, label, error, hint, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every control here carries: its id, look, and the error or hint read out with it. */
function controlProps(id: string, error?: string, hint?: ReactNode) {
  return {
    id,
    className: CONTROL,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}

export function InputField({ label, error, hint, ...props }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input {...controlProps(id, error, hint)} {...props} />
    </Frame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  ...props
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <textarea rows={5} {...controlProps(id, error, hint)} {...props} />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  placeholder,
  options,
  ...props
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string; options: readonly string[] }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select {...controlProps(id, error, hint)} {...props}>
        {/* Selected until a choice is made; the form's schema refuses it. */}
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/**
 * A select whose options show words, not values (SelectField shows the values). Pass `value`
 * (from useWatch) with react-hook-form's register: a select left to the DOM can fall back to its
 * first option when the form resets.
 */
export function ChoiceField({
  label,
  error,
  hint,
  options,
  ...props
}: FieldFrame &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    ref?: Ref<HTMLSelectElement>;
  }) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select {...controlProps(id, error, hint)} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/**
 * Checkboxes or radios under a legend, with the group's error read out with it. `hint` shows
 * while there is no error; `footer` comes after the error (a warning, a follow-up field).
 */
export function FieldGroup({
  legend,
  error,
  hint,
  footer,
  children,
}: {
  legend: string;
  error?: string | undefined;
  hint?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-medium text-slate-800 text-sm">{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className="mt-1.5 text-red-600 text-sm">
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1.5 text-slate-500 text-xs">{hint}</p>
      ) : null}
      {footer}
    </fieldset>
  );
}
