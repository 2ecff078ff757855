import type { IncidentImpact, IncidentStatus, PlanId, SiteMessage, UserStatus } from '@plinth/contract';
import type { BadgeTone } from '../../../components/ui/badge';

export const USER_STATUS: Record<UserStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Waiting for approval', tone: 'warning' },
  invited: { label: 'Invited', tone: 'info' },
};

export const INCIDENT_STATUS: Record<IncidentStatus, { label: string; tone: BadgeTone }> = {
  investigating: { label: 'Investigating', tone: 'warning' },
  outage: { label: 'Outage', tone: 'danger' },
  resolved: { label: 'Resolved', tone: 'success' },
};

export const INCIDENT_IMPACT: Record<IncidentImpact, { label: string; tone: BadgeTone; hint: string }> = {
  minor: { label: 'Minor impact', tone: 'neutral', hint: 'A small part of the service is affected' },
  major: { label: 'Major impact', tone: 'warning', hint: 'Many requests or a main feature are affected' },
  critical: { label: 'Critical impact', tone: 'danger', hint: 'The service is down or unusable' },
  maintenance: {
    label: 'Maintenance',
    tone: 'info',
    hint: 'Shows the service as under maintenance while the incident is open',
  },
};

export const PLAN_LABEL: Record<PlanId, string> = { starter: 'Starter', pro: 'Pro', enterprise: 'Enterprise' };

export const MESSAGE_KIND: Record<SiteMessage['kind'], { label: string; tone: BadgeTone }> = {
  contact: { label: 'Contact', tone: 'info' },
  support: { label: 'Support', tone: 'accent' },
};

/** What a message is about: its subject, or the form it came through. */
export const subjectOf = (message: Pick<SiteMessage, 'subject' | 'kind'>): string =>
  message.subject ?? (message.kind === 'contact' ? 'Contact form message' : 'Support request');

/** A message's heading on its own page, where "Contact form message" alone would say little. */
export const titleOf = (message: Pick<SiteMessage, 'subject' | 'kind' | 'name'>): string =>
  message.subject ?? `Message from ${message.name}`;
