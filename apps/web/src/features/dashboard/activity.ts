import type { AuditEntry } from '@plinth/contract';
import { projectPath } from '../../lib/current-project';

/** What an audit entry says happened, as a phrase that follows the actor's name. */
const PHRASES: Record<string, string> = {
  'project.updated': 'changed the project settings',
  'project.plan_changed': 'changed the plan',
  'billing.sales_requested': 'asked sales about Enterprise',
  'member.added': 'invited a member',
  'member.joined': 'joined the project',
  'member.updated': "changed a member's role",
  'member.removed': 'removed a member',
  'token.created': 'created an API token',
  'token.revoked': 'revoked an API token',
  'webhook.created': 'created a webhook',
  'webhook.updated': 'changed a webhook',
  'webhook.deleted': 'deleted a webhook',
  'webhook.redelivered': 'redelivered a webhook event',
  'collection.created': 'created a collection',
  'collection.updated': 'changed a collection',
  'collection.deleted': 'deleted a collection',
  'collection.restored': 'restored a collection',
  'component.created': 'created a component',
  'component.updated': 'changed a component',
  'component.deleted': 'deleted a component',
  'document.created': 'created a document',
  'document.updated': 'edited a document',
  'document.published': 'published a document',
  'document.unpublished': 'unpublished a document',
  'document.scheduled': 'scheduled a document',
  'document.submitted': 'submitted a document for review',
  'document.approved': 'approved a document',
  'document.rejected': 'sent a document back with changes requested',
  'document.deleted': 'moved a document to the trash',
  'document.restored': 'restored a document',
  'document.version_restored': 'restored an earlier version of a document',
  'media.created': 'uploaded a file',
  'media.updated': 'changed a file',
  'media.deleted': 'deleted a file',
};

export interface ActivityLine {
  actor: string;
  phrase: string;
  /** What the change concerns, when it has a name worth showing (a collection, a plan). */
  subject: string | null;
  /** The screen where the change can be seen, when the app has one. */
  to: string | null;
}

function actorName(entry: AuditEntry): string {
  if (entry.actor.type === 'system') return 'Plinth';
  if (entry.actor.name) return entry.actor.type === 'token' ? `Token “${entry.actor.name}”` : entry.actor.name;
  return entry.actor.type === 'token' ? 'A deleted API token' : 'A former member';
}

function subjectOf(entry: AuditEntry): string | null {
  const { target, details } = entry;
  if (target.type === 'collection' || target.type === 'component') return target.id;
  if (typeof details.collection === 'string') return `in ${details.collection}`;
  if (entry.action === 'project.plan_changed' && typeof details.to === 'string') return `to ${details.to}`;
  return null;
}

function screenOf(entry: AuditEntry, projectId: string): string | null {
  const { target } = entry;
  if (target.type === 'webhook' && entry.action !== 'webhook.deleted' && target.id) {
    return projectPath(projectId, `webhooks/${encodeURIComponent(target.id)}`);
  }
  if (target.type === 'api_token') return projectPath(projectId, 'api-tokens');
  if (target.type === 'member') return projectPath(projectId, 'settings/members');
  if (entry.action === 'project.plan_changed' || entry.action === 'billing.sales_requested') {
    return projectPath(projectId, 'billing');
  }
  if (entry.action === 'project.updated') return projectPath(projectId, 'settings');
  return null;
}

/** One line of the dashboard's recent activity: who did what, and where to look at it. */
export function describeActivity(entry: AuditEntry, projectId: string): ActivityLine {
  return {
    actor: actorName(entry),
    phrase: PHRASES[entry.action] ?? entry.action.replace(/[._]/g, ' '),
    subject: subjectOf(entry),
    to: screenOf(entry, projectId),
  };
}
