import { Readable } from 'node:stream';
import type { AppliedStarter, Field, Starter, StarterId } from '@plinth/contract';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { CollectionsService } from '../collections/collections.service.js';
import type { DocumentLifecycle } from '../documents/document-lifecycle.js';
import type { DocumentWrites } from '../documents/document-writes.js';
import type { MediaService, UploadPart } from '../media/media.service.js';
import { mediaQuota, megabytes } from '../plans/plans.js';
import type { ProjectGrant } from '../projects/project-access.js';
import { BLOG_STARTER } from './catalog/blog.js';
import { DOCS_STARTER } from './catalog/docs.js';
import { LANDING_STARTER } from './catalog/landing.js';
import { drawSampleImage } from './sample-images.js';
import type { SampleDocument, StarterPlan } from './starter-plan.js';

const EMPTY: StarterPlan = {
  id: 'empty',
  name: 'Empty project',
  description: 'No collections or documents: model your content from scratch.',
  components: [],
  collections: [],
  images: [],
  documents: [],
};

/** The starters offered to new projects, in the order the wizard shows them. */
const STARTERS: Readonly<Record<StarterId, StarterPlan>> = {
  blog: BLOG_STARTER,
  docs: DOCS_STARTER,
  landing: LANDING_STARTER,
  empty: EMPTY,
};

/** The folder of the media library that sample images go to. */
const SAMPLE_FOLDER = 'samples';
/** How many sample images upload at once. */
const PARALLEL_UPLOADS = 3;

/** What installing a plan created: the summary, and the id of each sample document by `collection/key`. */
export interface Installed {
  applied: Omit<AppliedStarter, 'starter'>;
  documents: ReadonlyMap<string, { collection: string; id: string }>;
}

/** What has been created so far, to take back if a later step fails. */
interface Created {
  components: string[];
  collections: string[];
  media: string[];
  documents: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Starters: a content model and sample content a new project can begin with. Everything is
 * created through the services the API uses (collections, components, media, documents), as the
 * caller, so rules, audit entries, webhooks and quotas apply as if they had done it by hand.
 *
 * A starter applies to a project without a model only (409 otherwise). It is all or nothing as
 * far as a chain of separate writes can be: when a step fails, what was created is taken back
 * (the collections are deleted with their documents, which go to the trash like any deleted
 * collection's; components and pictures are deleted) and the error is returned. Should taking
 * back fail too, the error names what is left. The audit trail keeps both the creations and
 * their removal.
 */
export class StartersService {
  /** Projects a starter is being applied to in this process (a second request is a 409). */
  private readonly running = new Set<string>();

  constructor(
    private readonly deps: {
      collections: Pick<CollectionsService, 'countModel' | 'create' | 'createComponent' | 'delete' | 'deleteComponent'>;
      documents: Pick<DocumentWrites, 'create' | 'update'>;
      lifecycle: Pick<DocumentLifecycle, 'publish'>;
      media: Pick<MediaService, 'upload' | 'delete' | 'usedBytes'>;
      log: Logger;
    },
  ) {}

  /** The starters a project can begin with (public). */
  list(): Starter[] {
    return Object.values(STARTERS).map((plan) => ({
      id: plan.id as StarterId,
      name: plan.name,
      description: plan.description,
      collections: plan.collections.map((collection) => collection.slug),
      components: plan.components.map((component) => component.name),
    }));
  }

  /**
   * Applies a starter to an empty project. `empty` creates nothing (and is fine on any project).
   * @example await starters.apply(grant, 'blog') // { starter: 'blog', collections: ['authors', …], documents: 13, media: 9, … }
   */
  async apply(grant: ProjectGrant, starter: StarterId): Promise<AppliedStarter> {
    const plan = STARTERS[starter];
    if (plan === EMPTY) return { starter, collections: [], components: [], documents: 0, media: 0 };
    const { applied } = await this.install(grant, plan);
    return { starter, ...applied };
  }

  /**
   * Creates everything a plan holds in the grant's project (the demo seed uses its own plan).
   * Refused (409) when the project has collections or components already.
   */
  async install(grant: ProjectGrant, plan: StarterPlan): Promise<Installed> {
    if (!grant.can('schema.write') || !grant.can('content.publish') || !grant.can('media.create')) {
      throw forbidden('Applying a starter takes the rights to change the model, publish content and upload media');
    }
    const projectId = grant.project.id;
    if (this.running.has(projectId)) throw conflict('A starter is already being applied to this project');
    this.running.add(projectId);
    try {
      const model = await this.deps.collections.countModel(projectId);
      if (model.collections > 0 || model.components > 0) {
        throw conflict(
          `This project already has a content model (${model.collections} collection${model.collections === 1 ? '' : 's'}, ` +
            `${model.components} component${model.components === 1 ? '' : 's'}); starters apply to empty projects only`,
        );
      }
      const { drawing } = await this.drawImages(grant, plan);
      const created: Created = { components: [], collections: [], media: [], documents: 0 };
      try {
        return await this.create(grant, plan, drawing, created);
      } catch (error) {
        throw await this.takeBack(grant, plan, created, error);
      }
    } finally {
      this.running.delete(projectId);
    }
  }

  /**
   * Starts drawing the plan's pictures and checks they fit the plan's storage, refusing (413,
   * before anything is created) when they would not. Far from the limit, the check needs no
   * sizes (a PNG is never much larger than its raw pixels), so the model is created while the
   * pictures are drawn; near it, the pictures are drawn first and their real size counts.
   */
  private async drawImages(
    grant: ProjectGrant,
    plan: StarterPlan,
  ): Promise<{ drawing: Promise<ReadonlyMap<string, Buffer>> }> {
    const drawing = Promise.all(
      plan.images.map(async (image) => [image.key, await drawSampleImage(image)] as const),
    ).then((drawn) => new Map(drawn));
    // Awaited later (or not at all, when an earlier step fails).
    drawing.catch(() => undefined);
    const quota = mediaQuota(grant.project.plan);
    if (quota === null || plan.images.length === 0) return { drawing };
    const used = await this.deps.media.usedBytes(grant.project.id);
    const atMost = plan.images.reduce((sum, image) => sum + image.width * image.height * 4 + image.height + 65_536, 0);
    if (used + atMost <= quota) return { drawing };
    const bytes = [...(await drawing).values()].reduce((sum, png) => sum + png.length, 0);
    if (used + bytes > quota) {
      throw new AppError(
        'STORAGE_QUOTA_EXCEEDED',
        `The starter's sample images (${megabytes(bytes)}) would exceed your plan's media storage of ` +
          `${megabytes(quota)}; delete files, upgrade the plan, or start empty`,
      );
    }
    return { drawing };
  }

  private async create(
    grant: ProjectGrant,
    plan: StarterPlan,
    drawing: Promise<ReadonlyMap<string, Buffer>>,
    created: Created,
  ): Promise<Installed> {
    const { collections, media } = this.deps;
    for (const component of plan.components) {
      await collections.createComponent(grant, component);
      created.components.push(component.name);
    }
    for (const collection of plan.collections) {
      await collections.create(grant, collection);
      created.collections.push(collection.slug);
    }
    // A few uploads at a time: each one's image analysis overlaps the others' writes.
    const pictures = await drawing;
    const assets = new Map<string, string>();
    const queue = plan.images.filter((image) => pictures.has(image.key));
    const failures: unknown[] = [];
    const uploader = async () => {
      for (let image = queue.shift(); image && failures.length === 0; image = queue.shift()) {
        const png = pictures.get(image.key) ?? Buffer.alloc(0);
        try {
          const asset = await media.upload(grant, uploadParts(image.filename, png, image.alt));
          created.media.push(asset.id);
          assets.set(image.key, asset.id);
        } catch (error) {
          failures.push(error);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, uploader));
    if (failures.length > 0) throw failures[0];
    const documents = new Map<string, { collection: string; id: string }>();
    for (const sample of plan.documents) {
      const fields = plan.collections.find((collection) => collection.slug === sample.collection)?.fields ?? [];
      const resolve = (value: unknown) => resolveMarkers(value, documents, assets);
      const id = await this.createDocument(grant, sample, fields, resolve);
      created.documents += 1;
      documents.set(`${sample.collection}/${sample.key}`, { collection: sample.collection, id });
    }
    return {
      applied: {
        collections: [...created.collections],
        components: [...created.components],
        documents: created.documents,
        media: created.media.length,
      },
      documents,
    };
  }

  /**
   * Writes one sample document: the default locale first, then each other project locale it has
   * text for, then (if it is to be) publishes it, so every locale goes live together.
   */
  private async createDocument(
    grant: ProjectGrant,
    sample: SampleDocument,
    fields: readonly Field[],
    resolve: (value: unknown) => unknown,
  ): Promise<string> {
    const { documents, lifecycle } = this.deps;
    const { locales, defaultLocale } = grant.project;
    const localized = new Set(fields.filter((field) => field.localized).map((field) => field.name));
    const inLocale = (locale: string, onlyLocalized: boolean): Record<string, unknown> => {
      const data: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(sample.data)) {
        if (value === null || value === undefined) continue;
        if (!localized.has(name)) {
          if (!onlyLocalized) data[name] = resolve(value);
          continue;
        }
        const map = value as Record<string, unknown>;
        const text = map[locale] ?? (onlyLocalized ? undefined : map.en);
        if (text !== undefined) data[name] = resolve(text);
      }
      return data;
    };
    const translations = locales
      .filter((locale) => locale !== defaultLocale)
      .map((locale) => ({ locale, data: inLocale(locale, true) }))
      .filter((translation) => Object.keys(translation.data).length > 0);
    // Without translations a published sample is created published at once (one write fewer).
    const publishAtOnce = sample.published && translations.length === 0;
    const document = await documents.create(grant, sample.collection, {
      data: inLocale(defaultLocale, false),
      locale: defaultLocale,
      ...(publishAtOnce ? { status: 'published' as const } : {}),
    });
    for (const translation of translations) {
      await documents.update(grant, sample.collection, document.id, translation);
    }
    if (sample.published && !publishAtOnce) await lifecycle.publish(grant, sample.collection, document.id);
    return document.id;
  }

  /**
   * Removes what a failed apply created, newest first (a collection before those it refers to,
   * a component before those it holds), and returns the error to answer with: the original one,
   * or, when something could not be removed, one that names what is left.
   */
  private async takeBack(grant: ProjectGrant, plan: StarterPlan, created: Created, cause: unknown): Promise<unknown> {
    const left: string[] = [];
    const attempt = async (what: string, remove: () => Promise<void>) => {
      try {
        await remove();
      } catch (error) {
        this.deps.log.error({ err: error, projectId: grant.project.id, what }, 'could not take back part of a starter');
        left.push(what);
      }
    };
    for (const slug of [...created.collections].reverse()) {
      await attempt(`collection ${slug}`, () => this.deps.collections.delete(grant, slug, true));
    }
    for (const name of [...created.components].reverse()) {
      await attempt(`component ${name}`, () => this.deps.collections.deleteComponent(grant, name));
    }
    for (const id of created.media) {
      await attempt(`media file ${id}`, () => this.deps.media.delete(grant, id, true));
    }
    this.deps.log.warn(
      { err: cause, projectId: grant.project.id, starter: plan.id, left },
      'applying a starter failed; what it created was taken back',
    );
    if (left.length === 0) return cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new AppError(
      'INTERNAL',
      `Applying the starter failed (${reason}) and these could not be removed: ${left.join(', ')}`,
    );
  }
}

/** A sample picture as the parts of a multipart upload (the file, its alt text and folder). */
async function* uploadParts(filename: string, png: Buffer, alt: string): AsyncGenerator<UploadPart> {
  yield { type: 'field', name: 'alt', value: alt, truncated: false };
  yield { type: 'field', name: 'folder', value: SAMPLE_FOLDER, truncated: false };
  yield { type: 'file', name: 'file', filename, stream: Readable.from([png]), truncated: () => false };
}

/** Replaces `{ $ref }` and `{ $image }` markers (anywhere, blocks included) with the ids they name. */
function resolveMarkers(
  value: unknown,
  documents: ReadonlyMap<string, { id: string }>,
  assets: ReadonlyMap<string, string>,
): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveMarkers(item, documents, assets));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') {
    const target = documents.get(value.$ref);
    if (!target) throw new Error(`starter sample refers to ${value.$ref}, which is not created before it`);
    return target.id;
  }
  if (typeof value.$image === 'string') {
    const asset = assets.get(value.$image);
    if (!asset) throw new Error(`starter sample uses image ${value.$image}, which the starter does not draw`);
    return asset;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveMarkers(item, documents, assets)]));
}
