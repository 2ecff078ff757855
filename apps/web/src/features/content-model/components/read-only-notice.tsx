import { Eye } from 'lucide-react';
import { useCurrentProject } from '../../../lib/current-project';

/** Why the model is shown but cannot be changed (the server would refuse the change anyway). */
export function ReadOnlyNotice() {
  const project = useCurrentProject();
  const role = project.role ?? 'guest';
  return (
    <p className="flex gap-2.5 rounded-lg bg-slate-100 p-3 text-slate-700 text-sm ring-1 ring-slate-200 ring-inset">
      <Eye className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong className="font-semibold text-slate-900">Read-only.</strong> You are{' '}
        {/^[aeiou]/.test(role) ? 'an' : 'a'} {role} in {project.name}: you can read the model, and only owners and
        admins can change it.
      </span>
    </p>
  );
}
