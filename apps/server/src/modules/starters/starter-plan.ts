import type { CreateCollectionBody, CreateComponentBody } from '@plinth/contract';
import type { SampleImage } from './sample-images.js';

/**
 * A value in several languages: `en` always, others where a translation exists. Localized fields
 * of sample documents take one; the starter writes the project's default locale (English when
 * there is no text in it) and each other project locale it has text for.
 */
export type Translated<T = string> = { en: T } & Partial<Record<string, T>>;

/** A reference to a sample document created earlier in the same starter (`ref('authors', 'ada')`). */
export interface DocumentRef {
  readonly $ref: string;
}

/** A reference to one of the starter's sample images (`image('cover-1')`): the uploaded asset's id. */
export interface ImageRef {
  readonly $image: string;
}

export const ref = (collection: string, key: string): DocumentRef => ({ $ref: `${collection}/${key}` });
export const image = (key: string): ImageRef => ({ $image: key });

/** One sample document: its data (localized fields as `Translated` maps), and whether it is published. */
export interface SampleDocument {
  collection: string;
  /** Names it for `ref(collection, key)` in later documents. */
  key: string;
  data: Record<string, unknown>;
  /** Published after its translations are written (so every locale is live), else left a draft. */
  published: boolean;
}

/**
 * Everything a starter creates, in order: components (a component used inside another comes
 * first), collections (a collection referred to comes first), pictures, then documents (a
 * document referred to comes first).
 */
export interface StarterPlan {
  id: string;
  name: string;
  description: string;
  components: readonly CreateComponentBody[];
  collections: readonly CreateCollectionBody[];
  images: readonly SampleImage[];
  documents: readonly SampleDocument[];
}

/** Each language's value of `value` changed by `change` (paragraphs → HTML, for instance). */
export function mapTranslated<T, U>(value: Translated<T>, change: (item: T) => U): Translated<U> {
  const out: Record<string, U> = {};
  for (const [locale, item] of Object.entries(value)) if (item !== undefined) out[locale] = change(item);
  return { ...out, en: change(value.en) };
}
