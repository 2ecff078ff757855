import type { DocumentVariant, PutVariantBody } from '@plinth/contract';
import { parseJson } from '../../db/database.js';
import type { Trx } from '../../db/repository.js';
import type { DocumentVariantRow } from '../../db/schema.js';
import { type Clock, isoNow } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuditService } from '../audit/audit.service.js';
import { userIdOf } from '../auth/principal.js';
import { type CollectionModel, isLocaleMap } from '../collections/model.js';
import type {
  DocumentOverrides,
  PickedVariant,
  PublishListener,
  VariantCopy,
  VariantSource,
} from '../documents/document-variants.js';
import type { ProjectGrant } from '../projects/project-access.js';
import type { PersonalizationRepository } from './personalization.repository.js';

type Overrides = Record<string, unknown>;

const overridesOf = (value: unknown): Overrides | null => (value === null ? null : parseJson<Overrides>(value));

/**
 * The overrides a publish puts in the snapshot: every locale's (`locales` null), or those
 * locales' values of localized fields, and shared fields when the default locale is among
 * them; other locales' published values stay, as for the document itself.
 */
export function publishOverrides(
  collection: CollectionModel,
  working: Overrides,
  published: Overrides | null,
  locales: readonly string[] | null,
  defaultLocale: string,
): Overrides {
  if (locales === null) return structuredClone(working);
  const next: Overrides = structuredClone(published ?? {});
  for (const field of collection.fields) {
    const value = working[field.name];
    if (!field.localized) {
      if (!locales.includes(defaultLocale)) continue;
      if (value === undefined) delete next[field.name];
      else next[field.name] = value;
      continue;
    }
    const map: Record<string, unknown> = isLocaleMap(next[field.name]) ? { ...(next[field.name] as Overrides) } : {};
    for (const locale of locales) {
      const localeValue = isLocaleMap(value) ? value[locale] : undefined;
      if (localeValue === undefined) delete map[locale];
      else map[locale] = localeValue;
    }
    if (Object.keys(map).length === 0) delete next[field.name];
    else next[field.name] = map;
  }
  return next;
}

/** The published overrides once `locales` are unpublished (null: all of them, the variant is off line). */
export function withdrawOverrides(
  collection: CollectionModel,
  published: Overrides | null,
  locales: readonly string[] | null,
): Overrides | null {
  if (published === null || locales === null) return null;
  const next: Overrides = structuredClone(published);
  for (const field of collection.fields.filter((candidate) => candidate.localized)) {
    const value = next[field.name];
    if (!isLocaleMap(value)) continue;
    const map = { ...value };
    for (const locale of locales) delete map[locale];
    if (Object.keys(map).length === 0) delete next[field.name];
    else next[field.name] = map;
  }
  return next;
}

/**
 * Documents' variants: partial field overrides per audience, written like an edit of their
 * document (checked by the documents module, in the document's write transaction), published
 * and withdrawn with it, and picked for delivery reads.
 */
export class VariantsService implements VariantSource, PublishListener {
  constructor(
    private readonly deps: {
      repository: PersonalizationRepository;
      overrides: DocumentOverrides;
      audit: AuditService;
      clock: Clock;
    },
  ) {}

  private present(
    grant: ProjectGrant,
    collection: CollectionModel,
    row: DocumentVariantRow,
    audience: string,
    locale: string | undefined,
  ): DocumentVariant {
    const { overrides } = this.deps;
    const published = overridesOf(row.published_data);
    return {
      audience,
      locale: locale ?? grant.project.defaultLocale,
      data: overrides.present(grant, collection, overridesOf(row.data) ?? {}, locale),
      published_data: published === null ? null : overrides.present(grant, collection, published, locale),
      created_at: row.created_at,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
    };
  }

  /** A document's variants, in the order their audiences are tried (readers of working copies only). */
  async list(grant: ProjectGrant, slug: string, id: string, locale: string | undefined): Promise<DocumentVariant[]> {
    const collection = await this.deps.overrides.collectionFor(grant, slug, id);
    const rows = await this.deps.repository.listVariants(grant.project.id, id);
    return rows.map((row) => this.present(grant, collection, row, row.audience_key, locale));
  }

  /**
   * Sets what the document's variant for `audience` overrides in the body's locale (created on
   * first write). Its published overrides change only when the document is next published.
   * @example await variants.put(grant, 'articles', id, 'france', { data: { title: 'Bonjour' } })
   */
  async put(grant: ProjectGrant, slug: string, id: string, audience: string, body: PutVariantBody) {
    return this.deps.overrides.change(grant, slug, id, body.locale, async (trx, editor) => {
      const repository = this.deps.repository.in(trx);
      const target = await repository.findAudience(grant.project.id, audience);
      if (!target) throw notFound('Audience');
      const existing = await repository.findVariant(id, target.id);
      const data = await editor.apply(overridesOf(existing?.data ?? null) ?? {}, body);
      const now = isoNow(this.deps.clock);
      const updatedBy = userIdOf(grant.actor);
      let row: DocumentVariantRow;
      if (existing) {
        row = { ...existing, data, updated_at: now, updated_by: updatedBy };
        await repository.updateVariantData(existing.id, { data, updated_at: now, updated_by: updatedBy });
      } else {
        row = {
          id: newId(),
          project_id: grant.project.id,
          document_id: id,
          audience_id: target.id,
          data,
          published_data: null,
          created_at: now,
          updated_at: now,
          updated_by: updatedBy,
        };
        await repository.insertVariant(row);
      }
      await this.deps.audit.recordGrant(
        trx,
        grant,
        existing ? 'variant.updated' : 'variant.created',
        { type: 'document', id },
        { collection: slug, audience, locale: editor.locale },
      );
      return {
        created: !existing,
        variant: this.present(grant, editor.collection, row, audience, editor.locale),
      };
    });
  }

  /** Deletes the document's variant for `audience`, published overrides included (a 404 when it has none). */
  async remove(grant: ProjectGrant, slug: string, id: string, audience: string): Promise<void> {
    await this.deps.overrides.change(grant, slug, id, undefined, async (trx) => {
      const repository = this.deps.repository.in(trx);
      const target = await repository.findAudience(grant.project.id, audience);
      if (!target || !(await repository.deleteVariant(id, target.id))) throw notFound('Variant');
      await this.deps.audit.recordGrant(
        trx,
        grant,
        'variant.deleted',
        { type: 'document', id },
        { collection: slug, audience },
      );
    });
  }

  /** See VariantSource: one query for a page of documents. */
  async pick(options: {
    projectId: string;
    documentIds: readonly string[];
    audiences: readonly string[];
    copy: VariantCopy;
  }): Promise<ReadonlyMap<string, PickedVariant>> {
    const rows = await this.deps.repository.variantsFor(options.projectId, options.documentIds, options.audiences);
    const rank = new Map(options.audiences.map((key, index) => [key, index]));
    const picked = new Map<string, PickedVariant & { rank: number }>();
    for (const row of rows) {
      const data = overridesOf(options.copy === 'published' ? row.published_data : row.data);
      const order = rank.get(row.audience_key);
      if (data === null || order === undefined) continue;
      const current = picked.get(row.document_id);
      if (!current || order < current.rank)
        picked.set(row.document_id, { audience: row.audience_key, data, rank: order });
    }
    return picked;
  }

  /** See PublishListener: the document's variants are published or withdrawn in its transaction. */
  async published(trx: Trx, change: Parameters<PublishListener['published']>[1]): Promise<void> {
    const repository = this.deps.repository.in(trx);
    for (const row of await repository.variantsOfDocument(change.documentId)) {
      const published = overridesOf(row.published_data);
      const next = change.publish
        ? publishOverrides(
            change.collection,
            overridesOf(row.data) ?? {},
            published,
            change.locales,
            change.project.defaultLocale,
          )
        : withdrawOverrides(change.collection, published, change.locales);
      await repository.updatePublishedData(row.id, next);
    }
  }
}
