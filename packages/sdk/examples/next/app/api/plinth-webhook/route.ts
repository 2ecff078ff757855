// app/api/plinth-webhook/route.ts: refresh the cached blog pages when an article changes.
import { verifyWebhookSignature, type WebhookPayload } from '@plinth/sdk';
import { revalidateTag } from 'next/cache';

export async function POST(request: Request) {
  const rawBody = await request.text(); // the signature covers the raw bytes: read them before parsing
  const isValid = await verifyWebhookSignature({
    secret: process.env.PLINTH_WEBHOOK_SECRET ?? '',
    rawBody,
    timestamp: request.headers.get('x-plinth-timestamp'),
    signature: request.headers.get('x-plinth-signature'),
  });
  if (!isValid) return new Response('Invalid signature', { status: 401 });
  const delivery = JSON.parse(rawBody) as WebhookPayload;
  // `expire: 0`: the next visitor gets the new content, not the cached copy once more.
  if (delivery.event.startsWith('document.')) revalidateTag('articles', { expire: 0 });
  return new Response(null, { status: 204 });
}
