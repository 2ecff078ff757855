import { IncidentDetail } from '../../../features/admin/components/incident-detail';
import { IncidentList } from '../../../features/admin/components/incident-list';
import { PublicNotice } from '../../../features/admin/components/public-notice';
import { useListParams } from '../../../features/admin/hooks/use-list-params';

/** /app/admin/incidents: the status page's incidents; `?incident=ID` shows one with its timeline. */
export function Component() {
  const { params, setParam } = useListParams([]);
  const incidentId = params.get('incident');
  const listSearch = new URLSearchParams(params);
  listSearch.delete('incident');
  const backTo = { search: listSearch.size > 0 ? `?${listSearch}` : '' };

  return (
    <div className="space-y-6">
      <PublicNotice />
      {incidentId ? (
        <IncidentDetail incidentId={incidentId} backTo={backTo} onDeleted={() => setParam('incident', null)} />
      ) : (
        <IncidentList />
      )}
    </div>
  );
}
