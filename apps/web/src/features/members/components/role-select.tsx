import type { Role } from '@plinth/contract';
import { ROLE_NAMES, ROLES } from '../roles';

const SELECT =
  'block rounded-lg border-0 bg-white py-1.5 pr-8 pl-3 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

/** A member's role as a picker; roles the signed-in member may not give are listed but disabled. */
export function RoleSelect({
  value,
  grantable,
  onChange,
  label,
  disabled = false,
  describedBy,
  className = '',
  id,
}: {
  value: Role;
  grantable: readonly Role[];
  onChange: (role: Role) => void;
  label?: string;
  disabled?: boolean;
  describedBy?: string | undefined;
  className?: string;
  id?: string;
}) {
  return (
    <select
      id={id}
      value={value}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Role)}
      className={`${SELECT} ${className}`}
    >
      {ROLES.map((role) => {
        const isOutOfReach = role !== value && !grantable.includes(role);
        return (
          <option key={role} value={role} disabled={isOutOfReach}>
            {ROLE_NAMES[role]}
            {isOutOfReach && !disabled ? ' (owners only)' : ''}
          </option>
        );
      })}
    </select>
  );
}
