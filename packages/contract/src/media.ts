import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.js';
import { Locale } from './projects.js';
import { SearchHit } from './search.js';

/** What the list's `type` filter matches: everything that is not image, video or audio is a document. */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MediaKind = Type.Enum(MEDIA_KINDS);

/** Where cover crops centre: fractions of the width and height, from the top left corner. */
export const FocalPoint = Type.Object(
  {
    x: Type.Number({ minimum: 0, maximum: 1 }),
    y: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { additionalProperties: false },
);
export type FocalPoint = Static<typeof FocalPoint>;

/**
 * Alt text as a read returns it: the text of the requested locale (falling back to the default
 * locale, null when there is none), or with `locale=*` the map of every locale's text.
 */
export const AssetAlt = Type.Union([Type.String(), Type.Null(), Type.Record(Type.String(), Type.String())]);
export type AssetAlt = Static<typeof AssetAlt>;

/**
 * A file of the media library (API.md, Media). `url` is absolute; transforms add query
 * parameters (`?w=400&format=webp`). Once the asset has a focal point `url` carries a `v`
 * parameter (`…/photo.jpg?v=3f9c2a1b`) that changes with it; keep it when adding transforms
 * (`&w=400&h=300`), so a moved focal point gives cover crops a new URL. `focal_point` and
 * `dominant_color` (a `#rrggbb` placeholder for images) extend the shape of API.md.
 */
export const Asset = Type.Object({
  id: Id,
  filename: Type.String(),
  mime_type: Type.String(),
  size: Type.Integer(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  alt: AssetAlt,
  folder: Type.Union([Type.String(), Type.Null()]),
  url: Type.String(),
  created_at: Timestamp,
  created_by: Type.Union([Id, Type.Null()]),
  focal_point: Type.Union([FocalPoint, Type.Null()]),
  dominant_color: Type.Union([Type.String(), Type.Null()]),
});
export type Asset = Static<typeof Asset>;

/**
 * The longest file name, in UTF-16 code units: the name is the last segment of the file's URL,
 * and the server routes no path segment longer than that.
 */
export const MAX_ASSET_FILENAME = 100;

/** A file name as shown and downloaded: no path separators or control characters. */
export const AssetFilename = Type.String({
  minLength: 1,
  maxLength: MAX_ASSET_FILENAME,
  pattern: '^[^/\\\\\\u0000-\\u001f\\u007f]+$',
});

/** A folder label such as `blog/2026`: segments without control characters, separated by `/`. */
export const MEDIA_FOLDER_PATTERN = '^[^/\\\\\\u0000-\\u001f\\u007f]+(/[^/\\\\\\u0000-\\u001f\\u007f]+)*$';
export const MediaFolder = Type.String({ minLength: 1, maxLength: 255, pattern: MEDIA_FOLDER_PATTERN });

export const MediaParams = Type.Object({ projectId: Id, assetId: Id });
export type MediaParams = Static<typeof MediaParams>;

/** `locale`: which alt text reads return (`*` for all of them); the project's default when absent. */
export const MediaReadQuery = Type.Object(
  { locale: Type.Optional(Type.String({ maxLength: 35 })) },
  { additionalProperties: false },
);
export type MediaReadQuery = Static<typeof MediaReadQuery>;

export const ListMediaQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    type: Type.Optional(MediaKind),
    folder: Type.Optional(MediaFolder),
    locale: Type.Optional(Type.String({ maxLength: 35 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type ListMediaQuery = Static<typeof ListMediaQuery>;

/** A folder of the media library and how many live files it holds. */
export const MediaFolderCount = Type.Object({ name: MediaFolder, count: Type.Integer({ minimum: 1 }) });
export type MediaFolderCount = Static<typeof MediaFolderCount>;

export const MediaFolderList = Type.Object({ data: Type.Array(MediaFolderCount) });
export type MediaFolderList = Static<typeof MediaFolderList>;

/** Most documents an asset's usage lists (the count goes on past it). */
export const MAX_ASSET_REFERENCES = 50;

export const AssetReferencesQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ASSET_REFERENCES })) },
  { additionalProperties: false },
);
export type AssetReferencesQuery = Static<typeof AssetReferencesQuery>;

/** The documents that use an asset, most recently updated first, titled as the project search titles them. */
export const AssetReferenceList = Type.Object({
  data: Type.Array(SearchHit),
  meta: Type.Object({
    total: Type.Integer({ minimum: 0, description: 'Every document the caller can read that uses it' }),
  }),
});
export type AssetReferenceList = Static<typeof AssetReferenceList>;

/**
 * The multipart form of an upload, for documentation: the server reads the parts as they stream
 * in (an upload never waits in memory), so no validator sees them as one object.
 */
export const UploadAssetForm = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'The file; its type is read from its content' }),
    alt: Type.Optional(Type.String({ maxLength: 1000, description: 'Alt text, for `?locale=` or the default locale' })),
    folder: Type.Optional(MediaFolder),
  },
  { additionalProperties: false },
);

/**
 * `alt` is a string (for `?locale=`, else the default locale), a `{ locale: text }` map (null
 * removes one locale's text), or null (removes them all).
 * @example { alt: { en: "A red bicycle", es: "Una bicicleta roja" }, focal_point: { x: 0.3, y: 0.6 } }
 */
export const UpdateAssetBody = Type.Object(
  {
    alt: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 1000 }),
        Type.Null(),
        Type.Record(Locale, Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
      ]),
    ),
    folder: Type.Optional(Type.Union([MediaFolder, Type.Null()])),
    filename: Type.Optional(AssetFilename),
    focal_point: Type.Optional(Type.Union([FocalPoint, Type.Null()])),
  },
  { additionalProperties: false },
);
export type UpdateAssetBody = Static<typeof UpdateAssetBody>;

export const DeleteAssetQuery = Type.Object({ force: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type DeleteAssetQuery = Static<typeof DeleteAssetQuery>;

export const MEDIA_FITS = ['cover', 'contain', 'inside'] as const;
export const MEDIA_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type MediaFit = (typeof MEDIA_FITS)[number];
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/**
 * Image transforms of `GET /media/:projectId/:assetId/:filename`; anything else is a 400.
 * Images are never enlarged: past the image's own size the w×h box shrinks, keeping its
 * proportions, until the image fills it (cover) or fits it (contain, inside) at its own
 * resolution. A 400×200 image asked for `w=4096&h=4096` gives a 200×200 cover crop, a 400×400
 * contain box and a 400×200 inside fit; `w=4096` alone gives 400×200.
 */
export const MediaTransformQuery = Type.Object(
  {
    w: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096, description: 'Width; never more than the image' })),
    h: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096, description: 'Height; never more than the image' })),
    fit: Type.Optional(Type.Enum(MEDIA_FITS)),
    format: Type.Optional(Type.Enum(MEDIA_FORMATS)),
    q: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    v: Type.Optional(
      Type.String({
        pattern: '^[0-9a-f]{8}$',
        description:
          "The focal point's version, as the asset's url carries it. Cover crops are cached as immutable only under the current one.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type MediaTransformQuery = Static<typeof MediaTransformQuery>;

export const MediaFileParams = Type.Object({
  projectId: Type.String({ maxLength: 64 }),
  assetId: Type.String({ maxLength: 64 }),
  filename: Type.String({ maxLength: 1024 }),
});
export type MediaFileParams = Static<typeof MediaFileParams>;

/** The request headers file delivery reads: byte ranges, for audio and video players. */
export const MediaFileHeaders = Type.Object({
  range: Type.Optional(Type.String({ maxLength: 200, description: 'One byte range: `bytes=0-1023`' })),
  'if-range': Type.Optional(
    Type.String({ maxLength: 200, description: 'An ETag: the range only while the file is unchanged' }),
  ),
});

/** A stored avatar's file name: the SHA-256 of its owner and content, in hex, as WebP. */
export const AvatarFileParams = Type.Object({
  file: Type.String({ pattern: '^[a-f0-9]{64}\\.webp$', description: 'The file name of an `avatar_url`' }),
});
export type AvatarFileParams = Static<typeof AvatarFileParams>;
