import { INCIDENT_IMPACTS, INCIDENT_STATUSES, type IncidentImpact, type IncidentStatus } from '@plinth/contract';
import { z } from 'zod';
import { INCIDENT_IMPACT, INCIDENT_STATUS } from './labels';

/** The limits of the contract's CreateIncidentBody and UpdateIncidentBody. */
export const TITLE_MAX = 200;
const MESSAGE_MAX = 5000;

export const incidentTitle = z
  .string()
  .trim()
  .min(1, 'Give the incident a title')
  .max(TITLE_MAX, `Use at most ${TITLE_MAX} characters`);

/** A timeline entry's text: optional where a status change says enough. */
export const incidentMessage = z.string().trim().max(MESSAGE_MAX, `Use at most ${MESSAGE_MAX} characters`);

export const incidentImpact = z.union([z.enum(INCIDENT_IMPACTS), z.literal('')]);

export const STATUS_OPTIONS = INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS[value].label }));

export const IMPACT_OPTIONS = [
  { value: '', label: 'Not set' },
  ...INCIDENT_IMPACTS.map((value) => ({ value, label: INCIDENT_IMPACT[value].label })),
];

export const impactHint = (value: IncidentImpact | ''): string =>
  value === '' ? 'The status page shows no impact.' : `${INCIDENT_IMPACT[value].hint}.`;

/** The select's empty choice is the API's null. */
export const impactOf = (value: IncidentImpact | ''): IncidentImpact | null => (value === '' ? null : value);

export const STATUS_HINT: Record<IncidentStatus, string> = {
  investigating: 'You are looking into a problem.',
  outage: 'The problem is confirmed and the service is failing.',
  resolved: 'It is over: the status page shows it as resolved.',
};
