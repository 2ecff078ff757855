// Code samples of the documentation page. Each one follows shared/API.md (paths under /api/v1,
// snake_case fields, { data } envelopes); keep them in step with it.

export const FIRST_REQUEST = `export PLINTH_URL="https://cms.example.com"   # your Plinth address
export PLINTH_PROJECT_ID="01J…"                 # Project settings → ID
export PLINTH_TOKEN="plt_…"                     # API tokens → Create token

curl "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents?sort=-published_at&limit=10" \\
  -H "Authorization: Bearer $PLINTH_TOKEN"`;

export const LIST_RESPONSE = `{
  "data": [
    {
      "id": "01JD5Q…",
      "collection": "articles",
      "locale": "en",
      "status": "published",
      "version": 3,
      "data": { "title": "Hello, world", "slug": "hello-world" },
      "created_at": "2026-11-20T09:12:00.000Z",
      "updated_at": "2026-11-22T10:00:00.000Z",
      "published_at": "2026-11-22T10:00:00.000Z"
    }
  ],
  "meta": { "total": 42, "page": 1, "limit": 10, "next_cursor": "eyJ…" }
}`;

export const HEADERS = `Authorization: Bearer <API token>        # every request
Content-Type: application/json           # requests with a JSON body
Idempotency-Key: 5b0c1c7e-…              # optional, on POSTs that create something`;

export const ERROR_SHAPE = `{
  "statusCode": 400,
  "error": "Bad Request",
  "code": "VALIDATION_FAILED",
  "message": "data.title is required",
  "details": [{ "path": "data.title", "message": "is required" }]
}`;

export const CREATE_COLLECTION = `curl -X POST "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{
    "slug": "articles",
    "name": "Articles",
    "kind": "collection",
    "display_field": "title",
    "fields": [
      { "name": "title", "type": "text", "required": true, "localized": true, "options": { "max_length": 200 } },
      { "name": "slug", "type": "slug", "unique": true, "options": { "from": "title" } },
      { "name": "cover", "type": "media", "options": { "accept": ["image/*"] } },
      { "name": "body", "type": "richtext", "localized": true }
    ]
  }'`;

export const LIST_DOCUMENTS = `curl -G "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  --data-urlencode "filter[title][contains]=headless" \\
  --data-urlencode "sort=-published_at,title" \\
  --data-urlencode "fields=title,slug,cover" \\
  --data-urlencode "populate=cover" \\
  -d locale=en -d page=1 -d limit=25`;

export const CREATE_DOCUMENT = `curl -X POST "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 3f6c2b1e-8d4a-4c2e-9b7f-0a1d2e3f4a5b" \\
  -d '{
    "locale": "en",
    "status": "draft",
    "data": { "title": "Hello, world", "body": "<p>Our first article.</p>" }
  }'
# → 201 { "data": { "id": "01JD5Q…", "version": 1, "status": "draft", … } }
# The Idempotency-Key is any unique string you choose per new document: sending the same request
# again with the same key (a retry after a timeout) returns the first answer and creates nothing.`;

export const UPDATE_DOCUMENT = `curl -X PATCH "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents/$DOCUMENT_ID" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{ "locale": "en", "version": 1, "data": { "title": "Hello again, world" } }'
# → 200 { "data": { …, "version": 2 } }; a stale "version" answers 409 CONFLICT

# Publish the working copy:
curl -X POST "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents/$DOCUMENT_ID/publish" \\
  -H "Authorization: Bearer $PLINTH_TOKEN"`;

export const DELETE_DOCUMENT = `curl -X DELETE "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents/$DOCUMENT_ID" \\
  -H "Authorization: Bearer $PLINTH_TOKEN"
# → 204; the document goes to trash. Bring it back with:
curl -X POST "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/collections/articles/documents/$DOCUMENT_ID/restore" \\
  -H "Authorization: Bearer $PLINTH_TOKEN"`;

export const UPLOAD_MEDIA = `curl -X POST "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/media" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  -F "file=@cover.jpg" \\
  -F "alt=Sunrise over the harbour" \\
  -F "folder=covers"
# → 201 { "data": { "id": "01JD6A…", "filename": "cover.jpg", "mime_type": "image/jpeg",
#         "size": 284113, "width": 1920, "height": 1080, "alt": "Sunrise over the harbour",
#         "folder": "covers", "url": "https://cms.example.com/media/…/cover.jpg", … } }`;

export const LIST_MEDIA = `curl -G "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/media" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  -d type=image -d folder=covers -d q=harbour -d page=1 -d limit=25

# Resized variants come straight from the file URL:
# https://cms.example.com/media/<projectId>/<assetId>/cover.jpg?w=800&format=webp&q=80`;

export const CREATE_WEBHOOK = `curl -X POST "$PLINTH_URL/api/v1/projects/$PLINTH_PROJECT_ID/webhooks" \\
  -H "Authorization: Bearer $PLINTH_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{
    "url": "https://www.example.com/api/plinth-webhook",
    "events": ["document.published", "document.unpublished", "document.deleted"],
    "collections": ["articles"],
    "description": "Revalidate the website"
  }'
# → 201 { "data": { "id": "01JD7B…", …, "secret": "whsec_…" } }
# The secret is shown only in this answer: store it with your receiver.`;

export const WEBHOOK_PAYLOAD = `POST /api/plinth-webhook HTTP/1.1
Content-Type: application/json
X-Plinth-Event: document.published
X-Plinth-Delivery: 01JD7C…
X-Plinth-Sequence: 42
X-Plinth-Timestamp: 1795000000
X-Plinth-Signature: sha256=5f1c…

{
  "id": "01JD7C…",
  "event": "document.published",
  "created_at": "2026-11-22T10:00:00.000Z",
  "project_id": "01J…",
  "webhook_id": "01JD7B…",
  "sequence": 42,
  "data": {
    "id": "01JD5Q…",
    "collection": "articles",
    "locale": "*",
    "status": "published",
    "data": { "title": { "en": "Hello, world", "es": "Hola, mundo" }, "slug": "hello-world" },
    …
  }
}`;

export const INSTALL_SDK = `npm install @plinth/sdk
# React hooks: also react and @tanstack/react-query
# Types for your content model:
npx plinth-sdk generate --url "$PLINTH_URL" --project "$PLINTH_PROJECT_ID" --token "$PLINTH_TOKEN" --out src/plinth-types.ts`;
