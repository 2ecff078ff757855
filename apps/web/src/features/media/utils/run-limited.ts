/**
 * Runs `task` for every item, at most `limit` at a time, and reports each one as it settles.
 * Never rejects: each outcome is in the result, in the items' order.
 * @example await runLimited({ items: ids, limit: 3, task: (id) => deleteAsset({ projectId, assetId: id }) });
 */
export async function runLimited<Item, Result>({
  items,
  limit,
  task,
  onSettled,
}: {
  items: readonly Item[];
  limit: number;
  task: (item: Item) => Promise<Result>;
  onSettled?: (settled: number) => void;
}): Promise<PromiseSettledResult<Result>[]> {
  const results: PromiseSettledResult<Result>[] = new Array(items.length);
  let next = 0;
  let settled = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as Item;
      try {
        results[index] = { status: 'fulfilled', value: await task(item) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
      settled += 1;
      onSettled?.(settled);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
