import type { Project } from '@plinth/contract';
import { Lock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { localeLabel } from '../../../lib/locale-names';

const article = (role: string) => (/^[aeiou]/.test(role) ? 'an' : 'a');

/** The settings as members who may not change them see them, with who can. */
export function GeneralSettingsView({ project }: { project: Project }) {
  return (
    <Card title="General" description="The project's name and the languages its content is written in.">
      <p className="mb-5 flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm ring-1 ring-slate-200">
        <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        <span>
          You are {article(project.role ?? 'viewer')} {project.role ?? 'viewer'} in this project: only its owners and
          admins can change these settings.
        </span>
      </p>
      <dl className="grid gap-5 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">Project name</dt>
          <dd className="mt-1 break-words text-slate-900 text-sm">{project.name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">Default locale</dt>
          <dd className="mt-1 text-slate-900 text-sm">{localeLabel(project.default_locale)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-500 text-xs uppercase tracking-wide">Locales</dt>
          <dd className="mt-1">
            <ul aria-label="Project locales" className="flex flex-wrap gap-2">
              {project.locales.map((tag) => (
                <li
                  key={tag}
                  className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-1.5 text-slate-900 text-sm ring-1 ring-slate-200"
                >
                  {localeLabel(tag)}
                  {tag === project.default_locale ? <Badge tone="accent">Default</Badge> : null}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
