import type { ApiToken, Member } from '@plinth/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/auth';
import { formatDate, formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useProjectMembers } from '../../../lib/project-queries';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { SCOPE_INFO, sortScopes } from '../scopes';

const SOON_MS = 7 * 86_400_000;

function ListSkeleton() {
  return (
    <Card title="Tokens" padded={false}>
      <div role="status" aria-label="Loading API tokens" className="divide-y divide-slate-100">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-3 px-5 py-4">
            <div className="flex items-center gap-3">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-5 w-24" />
              <Skeleton className="ml-auto h-7 w-16" />
            </div>
            <Skeleton className="h-5 w-64 rounded-full" />
            <Skeleton className="h-4 w-full max-w-md" />
          </div>
        ))}
      </div>
    </Card>
  );
}

/** When the token stops working, with a warning in its last week and once it has passed. */
function Expiry({ token, now }: { token: ApiToken; now: number }) {
  if (!token.expires_at) return <>Never expires</>;
  const at = new Date(token.expires_at).getTime();
  const date = <time dateTime={token.expires_at}>{formatDate(token.expires_at)}</time>;
  if (at <= now) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge tone="danger">Expired</Badge>
        <span>on {date}</span>
      </span>
    );
  }
  if (at - now < SOON_MS) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge tone="warning">Expires {formatRelativeTime(token.expires_at, now)}</Badge>
        <span>{date}</span>
      </span>
    );
  }
  return <>Expires {date}</>;
}

function creatorName(token: ApiToken, members: Member[] | undefined, userId: string | undefined): string | null {
  if (!token.created_by) return null;
  if (token.created_by === userId) return 'you';
  const member = members?.find((item) => item.user_id === token.created_by);
  return member ? member.name || member.email : null;
}

function TokenRow({
  token,
  creator,
  now,
  onRevoke,
}: {
  token: ApiToken;
  creator: string | null;
  now: number;
  onRevoke: () => void;
}) {
  const isExpired = token.expires_at !== null && new Date(token.expires_at).getTime() <= now;
  return (
    <li className={`px-5 py-4 ${isExpired ? 'bg-slate-50/70' : ''}`}>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className={`break-words font-medium ${isExpired ? 'text-slate-600' : 'text-slate-900'}`}>
              {token.name}
            </span>
            <code
              className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700 text-xs"
              title="The token's first characters: compare them with the token you hold"
            >
              {token.token_prefix}…
            </code>
          </h3>
          <ul aria-label={`Scopes of ${token.name}`} className="mt-2 flex flex-wrap gap-1">
            {sortScopes(token.scopes).map((scope) => (
              <li key={scope} title={`${scope}: ${SCOPE_INFO[scope].description}`}>
                <Badge tone={scope.endsWith(':read') ? 'info' : 'accent'}>{SCOPE_INFO[scope].label}</Badge>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
            <span title={formatDateTime(token.created_at)}>
              Created <time dateTime={token.created_at}>{formatDate(token.created_at)}</time>
              {creator ? ` by ${creator}` : ''}
            </span>
            <span title={token.last_used_at ? formatDateTime(token.last_used_at) : undefined}>
              {token.last_used_at ? (
                <>
                  Last used <time dateTime={token.last_used_at}>{formatRelativeTime(token.last_used_at, now)}</time>
                </>
              ) : (
                'Never used'
              )}
            </span>
            <span className="inline-flex" title={token.expires_at ? formatDateTime(token.expires_at) : undefined}>
              <Expiry token={token} now={now} />
            </span>
          </p>
        </div>
        <Button variant="secondary" size="sm" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
          Revoke
        </Button>
      </div>
    </li>
  );
}

/** The project's tokens, newest first, each with what it may do, when it was used and when it ends. */
export function ApiTokenList({ projectId, onCreate }: { projectId: string; onCreate: () => void }) {
  const tokens = useApiTokens(projectId);
  const members = useProjectMembers(projectId);
  const { user } = useSession();
  const revoke = useRevokeApiToken();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const now = Date.now();

  if (tokens.isPending) return <ListSkeleton />;
  if (tokens.isError) {
    return (
      <LoadError title="We could not load the API tokens." error={tokens.error} onRetry={() => tokens.refetch()} />
    );
  }
  const items = tokens.data.pages.flatMap((page) => page.data).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const total = tokens.data.pages.at(-1)?.meta.total ?? items.length;

  if (items.length === 0) {
    return (
      <EmptyState icon={KeyRound} title="No API tokens yet" action={<Button onClick={onCreate}>Create token</Button>}>
        A token lets your website, apps and scripts read or change this project’s content through the REST and GraphQL
        APIs without signing in. Each one can do only what its scopes allow, and you can revoke it at any time.
      </EmptyState>
    );
  }

  return (
    <>
      <Card
        title="Tokens"
        description={`${total} ${total === 1 ? 'token' : 'tokens'}, newest first. Revoke a token as soon as nothing uses it.`}
        padded={false}
      >
        <ul aria-label="API tokens" className="divide-y divide-slate-100">
          {items.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              creator={creatorName(token, members.data?.data, user?.id)}
              now={now}
              onRevoke={() => setRevoking(token)}
            />
          ))}
        </ul>
        {tokens.hasNextPage ? (
          <div className="border-slate-100 border-t p-3 text-center">
            <Button
              variant="secondary"
              size="sm"
              isLoading={tokens.isFetchingNextPage}
              onClick={() => tokens.fetchNextPage()}
            >
              Show more tokens
            </Button>
          </div>
        ) : null}
      </Card>
      <ConfirmDialog
        isOpen={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description={
          <>
            Requests that use this token (<code className="font-mono">{revoking?.token_prefix}…</code>) are refused from
            the moment you revoke it. This cannot be undone: to give access again, create a new token.
          </>
        }
        confirmLabel="Revoke token"
        isPending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate({ projectId, token: revoking }, { onSuccess: () => setRevoking(null) });
        }}
      />
    </>
  );
}
