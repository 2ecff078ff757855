import type { CreateProjectBody, Project, StarterId } from '@plinth/contract';
import { useRef, useState } from 'react';
import { rememberProject } from '../../../lib/current-project';
import { useApplyStarter } from '../api/apply-starter';
import { useCreateProject } from '../api/create-project';

export interface ProjectSetupValues {
  name: string;
  locales: string[];
  defaultLocale: string;
  starter: StarterId;
}

/** 128 random bits as hex; getRandomValues works on plain-http hosts too, unlike randomUUID. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Creates the project, then applies its starter. The project is kept once created: a starter
 * that fails can be tried again, or skipped to go on with the empty project. A creation that is
 * sent again with the same values reuses its idempotency key, so it never makes two projects.
 */
export function useProjectSetup({ onDone }: { onDone: (project: Project) => void }) {
  const create = useCreateProject();
  const apply = useApplyStarter();
  const [project, setProject] = useState<Project | null>(null);
  const [starter, setStarter] = useState<StarterId>('empty');
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const applyTo = (created: Project, chosen: StarterId) => {
    setStarter(chosen);
    if (chosen === 'empty') {
      onDone(created);
      return;
    }
    apply.mutate({ projectId: created.id, starter: chosen }, { onSuccess: () => onDone(created) });
  };

  const start = (values: ProjectSetupValues) => {
    const body: CreateProjectBody = {
      name: values.name.trim(),
      locales: values.locales,
      default_locale: values.defaultLocale,
    };
    const sent = JSON.stringify(body);
    if (attempt.current?.body !== sent) attempt.current = { body: sent, key: newIdempotencyKey() };
    setStarter(values.starter);
    create.mutate(
      { ...body, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ data }) => {
          rememberProject(data.id);
          setProject(data);
          applyTo(data, values.starter);
        },
      },
    );
  };

  return {
    /** The created project, once there is one. */
    project,
    /** The starter being applied (or that failed). */
    starter,
    start,
    retryStarter: () => (project ? applyTo(project, starter) : undefined),
    skipStarter: () => (project ? onDone(project) : undefined),
    isCreating: create.isPending,
    isApplying: apply.isPending,
    starterError: project && apply.isError ? apply.error : null,
  };
}
