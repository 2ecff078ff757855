import type { CreatedWebhook } from '@plinth/contract';
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/ui/code-block';
import { SecretDialog } from '../../../components/ui/secret-dialog';

// The SDK README's check, in a receiver built on the Fetch API (Next.js route handlers, Hono, workers).
const VERIFY_EXAMPLE = `import { verifyWebhookSignature } from '@plinth/sdk';

export async function POST(request: Request) {
  const rawBody = await request.text(); // the exact bytes, before JSON parsing
  const isValid = await verifyWebhookSignature({
    secret: process.env.PLINTH_WEBHOOK_SECRET ?? '',
    rawBody,
    timestamp: request.headers.get('x-plinth-timestamp'),
    signature: request.headers.get('x-plinth-signature'),
  });
  if (!isValid) return new Response('Invalid signature', { status: 401 });
  const delivery = JSON.parse(rawBody);
  // … handle delivery.event, and skip ids (X-Plinth-Delivery) you have seen before
  return new Response(null, { status: 204 });
}`;

/** The new webhook's signing secret, once, and how a receiver checks deliveries with it. */
export function WebhookSecretDialog({ webhook, onDone }: { webhook: CreatedWebhook | null; onDone: () => void }) {
  return (
    <SecretDialog
      isOpen={webhook !== null}
      title="Webhook created"
      description={
        <>
          Deliveries to <span className="break-all font-medium text-slate-800">{webhook?.url}</span> are signed with
          this secret.
        </>
      }
      secretLabel="Signing secret"
      noun="secret"
      secret={webhook?.secret ?? ''}
      warning={
        <p>
          <strong className="font-semibold">Copy the secret now</strong> and keep it with your receiver’s settings: it
          will not be shown again.
        </p>
      }
      onDone={onDone}
    >
      <section aria-labelledby="verify-heading" className="space-y-2">
        <h3 id="verify-heading" className="font-semibold text-slate-900">
          Verify each delivery
        </h3>
        <p className="text-slate-600">
          Every delivery carries <code className="font-mono text-slate-800">X-Plinth-Timestamp</code> (unix seconds) and{' '}
          <code className="font-mono text-slate-800">X-Plinth-Signature: sha256=&lt;hex&gt;</code>, the HMAC-SHA256 of{' '}
          <code className="font-mono text-slate-800">&lt;timestamp&gt;.&lt;raw body&gt;</code> keyed with this secret.
          Compute it over the raw bytes, compare in constant time, and refuse old timestamps so a captured request
          cannot be replayed. Deduplicate on <code className="font-mono text-slate-800">X-Plinth-Delivery</code>:
          retries and redeliveries keep it.
        </p>
        <CodeBlock code={VERIFY_EXAMPLE} label="Check a delivery with @plinth/sdk" copyLabel="Copy code" />
        <p className="text-slate-600">
          A Node.js version without the SDK is in the{' '}
          <Link to="/docs#webhooks" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            webhooks documentation
          </Link>
          .
        </p>
      </section>
    </SecretDialog>
  );
}
