import type { User } from '@plinth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ApiError, api } from './api-client';
import { clearSession, getSession, isSignedIn, type Session, subscribe, updateUser } from './session';

export function useSession(): Session & { isSignedIn: boolean } {
  const session = useSyncExternalStore(subscribe, getSession, getSession);
  return { ...session, isSignedIn: isSignedIn(session) };
}

/** Ends the session on the server (best effort) and here. */
export async function logout(): Promise<void> {
  const { refreshToken } = getSession();
  clearSession();
  if (refreshToken) {
    await api
      .request('/api/v1/auth/logout', { method: 'POST', body: { refresh_token: refreshToken }, auth: false })
      .catch(() => undefined);
  }
}

/**
 * A stored session counts as signed in at once; /auth/me then confirms it in the background and
 * the session is cleared if the server refuses it (401). Cached data is dropped whenever the session ends.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { isSignedIn: signedIn } = useSession();
  const wasSignedIn = useRef(signedIn);
  const verified = useRef(false);

  useEffect(() => {
    if (verified.current || !isSignedIn()) return;
    verified.current = true;
    api.request<User>('/api/v1/auth/me').then(
      (user) => updateUser(user),
      // Only a refused session ends it: an outage or a lost connection must not sign anyone out.
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) clearSession();
      },
    );
  }, []);

  useEffect(() => {
    if (wasSignedIn.current && !signedIn) queryClient.clear();
    wasSignedIn.current = signedIn;
  }, [signedIn, queryClient]);

  return children;
}

/** Only local paths are followed after sign-in, so a crafted link cannot send people elsewhere. */
export function safeRedirect(target: string | null | undefined, fallback = '/app'): string {
  if (!target?.startsWith('/')) return fallback;
  // Resolved as a browser would (tabs and newlines dropped, backslashes read as slashes), so
  // `/\t/evil.example` is seen for the other host it names.
  const base = 'https://plinth.invalid';
  try {
    const url = new URL(target, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** /app/*: signed-in users only; others go to /login and come back after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn: signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children;
}

/** /login and /register: signed-out users only; a signed-in user goes on to where they were headed. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isSignedIn: signedIn } = useSession();
  const [params] = useSearchParams();
  if (signedIn) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}
