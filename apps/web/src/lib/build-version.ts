// Deployed-build checks (PRODUCT-SPEC §4): every hour the running build id is compared with the
// one the server serves in /version.json (written by the build). A new build, or a chunk that
// fails to load (an old file gone after a deploy), reloads the page once; a 10 s guard in
// sessionStorage stops a reload loop when the new build fails too.

export const BUILD_ID: string = import.meta.env.PUBLIC_BUILD_ID ?? 'dev';
export const VERSION_URL = '/version.json';
export const RELOAD_GUARD_KEY = 'plinth.reloaded_at';
export const RELOAD_GUARD_MS = 10_000;
export const CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Reloads unless the page reloaded for this reason less than 10 s ago; says whether it did. */
export function reloadOnce(reload: () => void = () => window.location.reload(), now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY));
    if (last && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // Without sessionStorage there is no guard: do not risk a loop.
    return false;
  }
  reload();
  return true;
}

/** The errors browsers raise when a lazily loaded chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** Asks the server which build it serves; true when it differs from the running one. */
export async function isNewBuildDeployed(fetchFn: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchFn(VERSION_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) return false;
    const body = (await response.json()) as { build_id?: unknown };
    return typeof body.build_id === 'string' && body.build_id !== BUILD_ID;
  } catch {
    return false;
  }
}

/** Starts the hourly check and the chunk-failure reload; returns a function that stops both. */
export function startVersionChecks(options: { intervalMs?: number; fetchFn?: typeof fetch } = {}): () => void {
  if (BUILD_ID === 'dev') return () => undefined;
  const timer = setInterval(async () => {
    if (await isNewBuildDeployed(options.fetchFn)) reloadOnce();
  }, options.intervalMs ?? CHECK_INTERVAL_MS);
  // Vite raises this when a dynamic import or its preloaded files fail.
  const onPreloadError = (event: Event) => {
    if (reloadOnce()) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    clearInterval(timer);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
