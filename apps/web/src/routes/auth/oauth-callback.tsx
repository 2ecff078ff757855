import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { PageMeta } from '../../components/ui/page-meta';
import { Spinner } from '../../components/ui/spinner';
import {
  OAUTH_PROVIDERS,
  type OAuthProvider,
  socialSignInFailed,
  useFinishOAuth,
} from '../../features/auth/api/oauth-callback';
import { errorMessage } from '../../lib/api-client';
import { NotFoundPage } from '../not-found';

const NAMES: Record<OAuthProvider, string> = { github: 'GitHub', google: 'Google', oidc: 'Single sign-on' };

const isProvider = (value: string | undefined): value is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value ?? '');

/**
 * /auth/github/callback, /auth/google/callback and /auth/oidc/callback: the provider sends the browser back here with
 * `code` and `state`; the server checks them and answers like a login.
 */
export function Component() {
  const { provider } = useParams();
  if (!isProvider(provider)) return <NotFoundPage />;
  return <OAuthCallback provider={provider} />;
}

function OAuthCallback({ provider }: { provider: OAuthProvider }) {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error_description') ?? params.get('error');
  const finish = useFinishOAuth();
  // The code works once: StrictMode's second effect run must not send it again.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !code || !state || providerError) return;
    sent.current = true;
    finish.mutate({ provider, code, state });
  }, [code, state, provider, providerError, finish]);

  const name = NAMES[provider];
  if (finish.isSuccess) return <Navigate to="/app" replace />;

  let failure: string | null = null;
  if (providerError) failure = `${name} did not sign you in: ${providerError}`;
  else if (!code || !state) failure = `The link from ${name} is incomplete. Please start the sign-in again.`;
  else if (finish.isError) failure = errorMessage(finish.error, socialSignInFailed);

  return (
    <section className="flex justify-center bg-slate-50 px-4 py-24">
      <PageMeta title={`Sign in with ${name}`} description={`Finishing sign-in to Plinth with ${name}.`} />
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight">
          {failure ? 'Sign-in failed' : `Signing you in with ${name}`}
        </h1>
        {failure ? (
          <>
            <p role="alert" className="mt-4 text-red-700">
              {failure}
            </p>
            <div className="mt-8 flex justify-center gap-3">
              <ButtonLink to="/login">Back to sign in</ButtonLink>
              <Link to="/support" className="self-center font-medium text-indigo-600 text-sm hover:underline">
                Get help
              </Link>
            </div>
          </>
        ) : (
          <div className="mt-6 flex justify-center">
            <Spinner label="Checking your account…" />
          </div>
        )}
      </div>
    </section>
  );
}
