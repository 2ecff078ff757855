import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isNewBuildDeployed, RELOAD_GUARD_KEY, reloadOnce } from './build-version';

afterEach(() => sessionStorage.clear());

describe('build version', () => {
  it('reloads once, then not again within 10 seconds', () => {
    const reload = vi.fn();
    expect(reloadOnce(reload, 1_000_000)).toBe(true);
    expect(reloadOnce(reload, 1_005_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(RELOAD_GUARD_KEY)).toBe('1000000');
    expect(reloadOnce(reload, 1_010_001)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('compares the deployed build id with the running one', async () => {
    const answer = (body: unknown, status = 200) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
    expect(await isNewBuildDeployed(answer({ build_id: 'dev' }))).toBe(false);
    expect(await isNewBuildDeployed(answer({ build_id: 'b2' }))).toBe(true);
    expect(await isNewBuildDeployed(answer({}, 404))).toBe(false);
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await isNewBuildDeployed(offline)).toBe(false);
  });

  it('recognizes failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });
});
