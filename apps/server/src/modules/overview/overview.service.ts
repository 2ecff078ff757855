import type { ProjectOverview } from '@plinth/contract';
import type { CollectionsService } from '../collections/collections.service.js';
import type { DocumentReads } from '../documents/document-reads.js';
import type { MediaService } from '../media/media.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { TokensService } from '../tokens/tokens.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';

/**
 * A project at a glance: each module counts what it owns (one COUNT query or two each, all at
 * once) and this puts the figures together. It owns no table and holds no rule of its own.
 */
export class OverviewService {
  constructor(
    private readonly deps: {
      collections: Pick<CollectionsService, 'countModel'>;
      documents: Pick<DocumentReads, 'countByState'>;
      media: Pick<MediaService, 'summary'>;
      projects: Pick<ProjectsService, 'countMembers'>;
      tokens: Pick<TokensService, 'count'>;
      webhooks: Pick<WebhooksService, 'count'>;
    },
  ) {}

  async overview(projectId: string): Promise<ProjectOverview> {
    const { deps } = this;
    const [model, documents, media, members, apiTokens, webhooks] = await Promise.all([
      deps.collections.countModel(projectId),
      deps.documents.countByState(projectId),
      deps.media.summary(projectId),
      deps.projects.countMembers(projectId),
      deps.tokens.count(projectId),
      deps.webhooks.count(projectId),
    ]);
    return {
      collections: model.collections,
      components: model.components,
      documents,
      media,
      members,
      api_tokens: apiTokens,
      webhooks,
    };
  }
}
