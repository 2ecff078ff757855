import type { User } from '@plinth/contract';

// The signed-in session lives in localStorage so that a reload keeps the user signed in. This
// module is the only place that touches those keys; React reads it through useSyncExternalStore.

export const STORAGE_KEYS = {
  accessToken: 'plinth.access_token',
  refreshToken: 'plinth.refresh_token',
  user: 'plinth.user',
} as const;

export interface Session {
  accessToken: string | null;
  refreshToken: string | null;
  user: User | null;
}

const EMPTY: Session = Object.freeze({ accessToken: null, refreshToken: null, user: null });

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null = null;

function readUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as User) : null;
  } catch {
    return null;
  }
}

function read(): Session {
  try {
    return {
      accessToken: localStorage.getItem(STORAGE_KEYS.accessToken),
      refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
      user: readUser(localStorage.getItem(STORAGE_KEYS.user)),
    };
  } catch {
    // Storage can be unavailable (privacy modes); then nobody is remembered.
    return EMPTY;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Ignored: the session then lasts only as long as this page.
  }
}

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

/** The current session; the same object until something changes, as useSyncExternalStore needs. */
export function getSession(): Session {
  snapshot ??= read();
  return snapshot;
}

/** A stored access token and user count as signed in until /auth/me says otherwise. */
export function isSignedIn(session: Session = getSession()): boolean {
  return Boolean(session.accessToken && session.user);
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Saves what a login (or social sign-in) answered. */
export function saveLogin(login: { access_token: string; refresh_token: string; user: User }): void {
  write(STORAGE_KEYS.accessToken, login.access_token);
  write(STORAGE_KEYS.refreshToken, login.refresh_token);
  write(STORAGE_KEYS.user, JSON.stringify(login.user));
  changed();
}

/** Saves rotated tokens; a refresh answer without a new refresh token keeps the old one. */
export function saveTokens(tokens: { access_token: string; refresh_token?: string | undefined }): void {
  write(STORAGE_KEYS.accessToken, tokens.access_token);
  if (tokens.refresh_token) write(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  changed();
}

/** Merges a profile update into the stored user (no-op when signed out). */
export function updateUser(patch: Partial<User>): void {
  const current = getSession().user;
  if (!current) return;
  write(STORAGE_KEYS.user, JSON.stringify({ ...current, ...patch }));
  changed();
}

/** Logout: the access token, the refresh token and the user all go. */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  changed();
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) changed();
  });
}
