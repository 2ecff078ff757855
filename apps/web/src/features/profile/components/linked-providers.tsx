import type { LinkedIdentity, OAuthProvider, OAuthProviderId } from '@plinth/contract';
import { KeyRound, Unlink } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useIdentities } from '../api/get-identities';
import { useUnlinkIdentity } from '../api/unlink-identity';

/** Names for providers the instance no longer offers (its list names the configured ones). */
const FALLBACK_NAMES: Record<OAuthProviderId, string> = { github: 'GitHub', google: 'Google', oidc: 'Single sign-on' };

function nameOf(provider: OAuthProviderId, offered: readonly OAuthProvider[]): string {
  return offered.find((item) => item.id === provider)?.name ?? FALLBACK_NAMES[provider];
}

function joinNames(names: string[]): string {
  return new Intl.ListFormat('en', { type: 'disjunction' }).format(names);
}

/**
 * The sign-in providers linked to the account, each with a way to unlink it; the last way into
 * an account without a password cannot be unlinked (the server refuses it too, with this reason).
 */
export function LinkedProviders({
  email,
  hasPassword,
  offered,
}: {
  email: string;
  hasPassword: boolean;
  /** The providers this instance offers, for their names and to say how to link one. */
  offered: readonly OAuthProvider[];
}) {
  const id = useId();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);

  if (identities.isPending) {
    return (
      <div role="status" aria-label="Loading your sign-in providers" className="space-y-3">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (identities.isError) {
    return (
      <LoadError
        title="We could not load your sign-in providers."
        error={identities.error}
        onRetry={() => identities.refetch()}
      />
    );
  }

  const list = identities.data.data;
  const isLastWayIn = !hasPassword && list.length === 1;
  const linkable = offered.filter((provider) => !list.some((identity) => identity.provider === provider.id));

  return (
    <div className="space-y-4">
      {list.length === 0 ? (
        <p className="text-slate-600 text-sm">
          No sign-in provider is linked: you sign in with your email and password.
        </p>
      ) : (
        <ul
          aria-label="Linked sign-in providers"
          className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
        >
          {list.map((identity) => {
            const name = nameOf(identity.provider, offered);
            return (
              <li key={identity.provider} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                  <KeyRound className="size-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 text-sm">{name}</p>
                  <p className="break-all text-slate-500 text-xs">
                    {identity.email ? `${identity.email} · ` : ''}linked {formatDate(identity.linked_at)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={isLastWayIn}
                  aria-describedby={isLastWayIn ? `${id}-last` : undefined}
                  onClick={() => setUnlinking(identity)}
                >
                  <Unlink className="size-4" aria-hidden />
                  Unlink<span className="sr-only"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {isLastWayIn && list[0] ? (
        <p id={`${id}-last`} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm ring-1 ring-amber-200">
          Signing in with {nameOf(list[0].provider, offered)} is the only way into this account; set a password or link
          another provider before unlinking it.
        </p>
      ) : null}
      {linkable.length > 0 ? (
        <p className="text-slate-600 text-sm">
          To link {joinNames(linkable.map((provider) => provider.name))}, sign out and continue with it on the sign-in
          page using <span className="break-all font-medium text-slate-900">{email}</span>: the accounts are linked when
          the provider confirms that email.
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={unlinking !== null}
        title={unlinking ? `Unlink ${nameOf(unlinking.provider, offered)}?` : 'Unlink'}
        description={
          unlinking
            ? `You will no longer be able to sign in with ${nameOf(unlinking.provider, offered)}${unlinking.email ? ` (${unlinking.email})` : ''}. You can link it again by signing in with it.`
            : null
        }
        confirmLabel="Unlink"
        isPending={unlink.isPending}
        onConfirm={() => {
          if (unlinking) unlink.mutate(unlinking.provider, { onSettled: () => setUnlinking(null) });
        }}
        onClose={() => setUnlinking(null)}
      />
    </div>
  );
}
