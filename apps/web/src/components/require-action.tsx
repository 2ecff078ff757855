import { type ProjectAction, ROLES_ALLOWED } from '@plinth/contract';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCan, useCurrentProject } from '../lib/current-project';
import { EmptyState } from './ui/empty-state';

/**
 * A screen for the roles that may use it; others read why not (the server would refuse them
 * anyway) rather than meet a wall of 403s.
 */
export function RequireAction({
  action,
  what,
  children,
}: {
  action: ProjectAction;
  what: string;
  children: ReactNode;
}) {
  const project = useCurrentProject();
  if (useCan(action)) return children;
  const allowed = ROLES_ALLOWED[action].map((role) => `${role}s`);
  const whoCan = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed[0];
  return (
    <EmptyState icon={Lock} title={`Your role cannot ${what}`}>
      You are {project.role === 'admin' || project.role === 'owner' ? 'an' : 'a'} {project.role ?? 'guest'} in{' '}
      {project.name}. Only {whoCan} of the project can; ask one of them if you need to {what}.
    </EmptyState>
  );
}
