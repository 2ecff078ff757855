import type { Asset } from '@plinth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { runLimited } from '../utils/run-limited';
import { deleteAsset } from './delete-asset';
import { mediaKeys } from './get-media';
import { updateAsset } from './update-asset';

/** How many requests a bulk action has in flight at once. */
const BULK_CONCURRENCY = 3;

export interface BulkFailure {
  asset: Asset;
  message: string;
}

export interface BulkResult {
  done: Asset[];
  failed: BulkFailure[];
}

interface BulkVariables {
  projectId: string;
  assets: Asset[];
  /** Called as each asset settles, with how many have. */
  onProgress?: (settled: number) => void;
}

async function runBulk(
  { assets, onProgress }: BulkVariables,
  task: (asset: Asset) => Promise<unknown>,
  fallback: string,
): Promise<BulkResult> {
  const results = await runLimited({ items: assets, limit: BULK_CONCURRENCY, task, onSettled: onProgress });
  const result: BulkResult = { done: [], failed: [] };
  results.forEach((outcome, index) => {
    const asset = assets[index] as Asset;
    if (outcome.status === 'fulfilled') result.done.push(asset);
    else result.failed.push({ asset, message: errorMessage(outcome.reason, fallback) });
  });
  return result;
}

const summary = (verb: string) => (answer: unknown) => {
  const { done, failed } = answer as BulkResult;
  if (done.length === 0) return undefined;
  const files = `${done.length} ${done.length === 1 ? 'file' : 'files'}`;
  return failed.length === 0 ? `${files} ${verb}.` : `${files} ${verb}; ${failed.length} could not be.`;
};

function useAfterBulk() {
  const queryClient = useQueryClient();
  return async ({ done }: BulkResult, { projectId }: BulkVariables) => {
    for (const asset of done) queryClient.removeQueries({ queryKey: mediaKeys.detail(projectId, asset.id) });
    await queryClient.invalidateQueries({ queryKey: mediaKeys.project(projectId) });
  };
}

/** Deletes the selected assets, three at a time; each refusal is kept with the server's reason. */
export function useBulkDeleteAssets() {
  const afterBulk = useAfterBulk();
  return useMutation({
    mutationFn: (variables: BulkVariables) =>
      runBulk(
        variables,
        (asset) => deleteAsset({ projectId: variables.projectId, assetId: asset.id }),
        'Could not delete this file.',
      ),
    onSuccess: afterBulk,
    meta: { toasts: { success: summary('deleted') } },
  });
}

/** Moves the selected assets into a folder (null: out of any folder). */
export function useBulkMoveAssets() {
  const afterBulk = useAfterBulk();
  return useMutation({
    mutationFn: (variables: BulkVariables & { folder: string | null }) =>
      runBulk(
        variables,
        (asset) =>
          updateAsset({ projectId: variables.projectId, assetId: asset.id, body: { folder: variables.folder } }),
        'Could not move this file.',
      ),
    onSuccess: afterBulk,
    meta: { toasts: { success: summary('moved') } },
  });
}
