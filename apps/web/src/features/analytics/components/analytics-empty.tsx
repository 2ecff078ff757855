import { Activity } from 'lucide-react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CodeBlock } from '../../../components/ui/code-block';
import { EmptyState } from '../../../components/ui/empty-state';
import { firstRequestExample } from '../../../lib/api-origin';

/** No token traffic yet: how to make a first call, and where tokens come from. */
export function AnalyticsEmpty({
  projectId,
  tokensPath,
  canManageTokens,
  isShortPeriod,
  onLonger,
}: {
  projectId: string;
  tokensPath: string;
  canManageTokens: boolean;
  /** A shorter period than 30 days: offer to look further back. */
  isShortPeriod: boolean;
  onLonger: () => void;
}) {
  const example = firstRequestExample(projectId);
  return (
    <EmptyState
      icon={Activity}
      title="No API-token traffic in this period yet"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {canManageTokens ? <ButtonLink to={tokensPath}>Create an API token</ButtonLink> : null}
          {isShortPeriod ? (
            <Button variant="ghost" onClick={onLonger}>
              Look at the last 30 days
            </Button>
          ) : null}
        </div>
      }
    >
      <p>
        Requests that sites and apps make with an API token show up here within a minute: volume, errors, latency and
        the collections they read.{' '}
        {canManageTokens
          ? 'Create a token, then make a first call with it:'
          : 'Ask an owner or admin of the project for a token, then make a first call with it:'}
      </p>
      {/* Sized by the text around it, not by the long command (which scrolls inside its block). */}
      <div className="mt-3 w-full text-left [contain:inline-size]">
        <CodeBlock code={example} label="A first call: list the project's collections" />
      </div>
      <p className="mt-2 text-slate-500 text-xs">Calls made from this app while signed in are not counted.</p>
    </EmptyState>
  );
}
