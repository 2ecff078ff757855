import type { ProjectOverview, Usage } from '@plinth/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { CodeBlock } from '../../../components/ui/code-block';
import { firstRequestExample } from '../../../lib/api-origin';
import { projectPath, useCan } from '../../../lib/current-project';

const HIDDEN_KEY = 'plinth.getting_started_hidden';

function hiddenProjects(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

interface Step {
  title: string;
  done: boolean;
  body: ReactNode;
}

const LINK = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/**
 * The first steps of a project, ticked off from what the project really holds, until all are
 * done or the member hides the list (remembered in this browser).
 */
export function GettingStarted({
  projectId,
  overview,
  usage,
}: {
  projectId: string;
  overview: ProjectOverview;
  usage: Usage | undefined;
}) {
  const [hidden, setHidden] = useState(() => hiddenProjects().includes(projectId));
  const canManageTokens = useCan('tokens.manage');
  const canManageWebhooks = useCan('webhooks.manage');
  const curl = firstRequestExample(projectId);
  const steps: Step[] = [
    {
      title: 'Model your content',
      done: overview.collections > 0,
      body: (
        <>
          Create a collection for each kind of content (posts, pages, products) with its fields.{' '}
          <Link className={LINK} to="/docs#collections">
            How collections work
          </Link>
        </>
      ),
    },
    {
      title: 'Write a first document',
      done: overview.documents.total > 0,
      body: (
        <>
          Add an entry to a collection, then publish it to make it public.{' '}
          <Link className={LINK} to="/docs#documents">
            Drafts and publishing
          </Link>
        </>
      ),
    },
    {
      title: 'Create an API token',
      done: overview.api_tokens > 0,
      body: canManageTokens ? (
        <>
          Your site or app reads content with a token.{' '}
          <Link className={LINK} to={projectPath(projectId, 'api-tokens')}>
            Create a token
          </Link>
        </>
      ) : (
        'Your site or app reads content with a token; an owner or admin of the project creates it.'
      ),
    },
    {
      title: 'Make your first API call',
      done: (usage?.api_requests.used ?? 0) > 0,
      body: (
        <>
          <p>With the token in PLINTH_TOKEN, list this project’s collections:</p>
          <div className="mt-2">
            <CodeBlock code={curl} label="First API call" maxHeight="max-h-40" />
          </div>
        </>
      ),
    },
    {
      title: 'Hear about changes with a webhook',
      done: overview.webhooks > 0,
      body: canManageWebhooks ? (
        <>
          Rebuild your site when content is published.{' '}
          <Link className={LINK} to={projectPath(projectId, 'webhooks')}>
            Add a webhook
          </Link>
        </>
      ) : (
        'Rebuild your site when content is published; an owner or admin of the project adds webhooks.'
      ),
    },
  ];
  const done = steps.filter((step) => step.done).length;
  if (hidden || done === steps.length) return null;

  const hide = () => {
    try {
      localStorage.setItem(HIDDEN_KEY, JSON.stringify([...hiddenProjects(), projectId]));
    } catch {
      // Storage unavailable: the steps stay hidden until the page is loaded again.
    }
    setHidden(true);
  };
  return (
    <Card
      title="Get started"
      description={`${done} of ${steps.length} steps done`}
      actions={
        <button
          type="button"
          onClick={hide}
          className="rounded-md px-2 py-1 text-slate-600 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Hide these steps
        </button>
      }
    >
      <div
        role="progressbar"
        aria-label="Getting started"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        className="mb-4 h-1.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full bg-indigo-600" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="space-y-4">
        {steps.map((step) => (
          <li key={step.title} className="flex gap-3">
            {step.done ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-slate-300" aria-hidden />
            )}
            <div className="min-w-0 flex-1">
              <p className={`font-medium ${step.done ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                {step.title}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </p>
              {step.done ? null : <div className="mt-1 text-slate-600 text-sm">{step.body}</div>}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
