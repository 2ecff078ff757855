/**
 * What the typed-client journey takes and gives back, apart from the journey itself: the test
 * imports the journey only once it has generated the types the journey is written against.
 */
export interface JourneyInput {
  baseUrl: string;
  username: string;
  password: string;
  /** A small image to upload. */
  png: Uint8Array<ArrayBuffer>;
}

export interface JourneyResult {
  projectId: string;
  asset: { mime_type: string; width: number | null; height: number | null };
  /** Titles of the documents with at least 10 views, most viewed first (members see drafts). */
  popular: string[];
  /** Titles a `filter[title]=…` (eq) finds. */
  byTitle: string[];
  published: { status: string; data: Record<string, unknown> };
  /** What a content:read token lists: published documents only. */
  delivered: string[];
  /** The status of the same list again with the ETag it answered. */
  revalidated: number;
  /** The status of deleting a draft with the client-wide JSON Content-Type and no body. */
  deleted: number;
  /** Whether a retried create with the same Idempotency-Key was replayed. */
  replayed: string | null;
}
