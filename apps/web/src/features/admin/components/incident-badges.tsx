import type { Incident } from '@plinth/contract';
import { Badge } from '../../../components/ui/badge';
import { INCIDENT_IMPACT, INCIDENT_STATUS } from './labels';

/** An incident's status and impact, in words. */
export function IncidentBadges({ incident }: { incident: Pick<Incident, 'status' | 'impact'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={INCIDENT_STATUS[incident.status].tone}>{INCIDENT_STATUS[incident.status].label}</Badge>
      {incident.impact ? (
        <Badge tone={INCIDENT_IMPACT[incident.impact].tone}>{INCIDENT_IMPACT[incident.impact].label}</Badge>
      ) : null}
    </span>
  );
}
