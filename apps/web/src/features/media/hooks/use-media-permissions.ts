import type { Asset } from '@plinth/contract';
import { useSession } from '../../../lib/auth';
import { useCan } from '../../../lib/current-project';

/**
 * What the member may do in the library: upload (writers), and change or delete an asset
 * (editors and up: any; authors: the ones they uploaded). The server decides; this hides what it would refuse.
 */
export function useMediaPermissions() {
  const canCreate = useCan('media.create');
  const canUpdateAny = useCan('media.update_any');
  const canUpdateOwn = useCan('media.update_own');
  const { user } = useSession();
  return {
    canCreate,
    /** Whether the member may change some assets (their own at least): bulk actions are offered. */
    canChangeSome: canUpdateAny || canUpdateOwn,
    canChange: (asset: Pick<Asset, 'created_by'>) =>
      canUpdateAny || (canUpdateOwn && user !== null && asset.created_by === user.id),
  };
}
