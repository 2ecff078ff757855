import { fillPreviewUrl, type PreviewToken, type PreviewTokenBody } from '@plinth/contract';
import type { Clock } from '../../lib/clock.js';
import { fieldError } from '../../lib/errors.js';
import { signPreviewToken } from '../auth/preview-tokens.js';
import type { DocumentReads } from '../documents/document-reads.js';
import { presentData, projectLocale } from '../documents/stored-document.js';
import type { ProjectGrant } from '../projects/project-access.js';

/**
 * Live preview: short-lived read-only tokens for one document's working copy, and the page of
 * the site that shows it (the collection's `preview_url`, filled in, carrying the token).
 */
export class PreviewService {
  constructor(
    private readonly deps: {
      reads: Pick<DocumentReads, 'findWorking'>;
      jwtKey: Uint8Array;
      clock: Clock;
    },
  ) {}

  /**
   * A preview token for a document the caller may read drafts of (members, content:preview
   * tokens), and its preview URL in `locale` (else the default locale).
   * @example const { token, url } = await preview.issue(grant, 'articles', id, { locale: 'es' });
   */
  async issue(grant: ProjectGrant, slug: string, id: string, body: PreviewTokenBody): Promise<PreviewToken> {
    const locale = projectLocale(grant.project, body.locale, false);
    const { collection, document } = await this.deps.reads.findWorking(grant, slug, id);
    const { token, expiresAt } = await signPreviewToken({
      key: this.deps.jwtKey,
      projectId: grant.project.id,
      collection: collection.slug,
      documentId: id,
      now: this.deps.clock(),
    });
    let url: string | null = null;
    if (collection.previewUrl) {
      const values = presentData(collection, document.data, {
        view: 'working',
        locale,
        defaultLocale: grant.project.defaultLocale,
        locales: [],
        includeHidden: false,
        fields: null,
      });
      const raw = fillPreviewUrl(collection.previewUrl, { ...values, id, collection: slug, locale });
      // A value in the host part (`https://{site}.example.com`) may hold what no host can.
      if (!URL.canParse(raw)) {
        throw fieldError(
          'preview_url',
          "cannot be filled in with this document's values: they do not make a valid URL; change the values or the collection's preview URL",
        );
      }
      const filled = new URL(raw);
      filled.searchParams.set('plinth_preview', token);
      url = filled.toString();
    }
    return { token, url, expires_at: expiresAt.toISOString() };
  }
}
