import type {
  Collection,
  CreatedWebhook,
  CreateWebhookBody,
  Delivery,
  DeliverySummary,
  Role,
  UpdateWebhookBody,
  Webhook,
} from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  type FetchCall,
  fakeAppApi,
  json,
  renderApp,
  signIn,
  testCollection,
  testProject,
} from '../../../test/render';

const LIST_PATH = '/app/projects/p1/webhooks';
const API = '/api/v1/projects/p1/webhooks';
const SECRET = 'whsec_0123456789abcdefghijklmnopqrstuv';

const webhook = (overrides: Partial<Webhook> & Pick<Webhook, 'id' | 'url'>): Webhook => ({
  events: ['document.published', 'document.unpublished'],
  collections: null,
  active: true,
  description: '',
  disabled_reason: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const NETLIFY = webhook({
  id: 'wh1',
  url: 'https://api.netlify.com/build_hooks/abc123',
  description: 'Rebuilds the marketing site',
  collections: ['articles'],
});
const SEARCH = webhook({ id: 'wh2', url: 'https://search.example.com/plinth', events: ['*'] });
const BROKEN = webhook({
  id: 'wh3',
  url: 'https://hooks.example.org/plinth',
  active: false,
  disabled_reason:
    'Turned off on 2026-03-04 after 3 deliveries in a row failed every retry (last: Timed out: no answer within 10000 ms)',
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const summary = (overrides: Partial<DeliverySummary> & Pick<DeliverySummary, 'id' | 'sequence'>): DeliverySummary => ({
  webhook_id: 'wh1',
  event: 'document.published',
  status: 'succeeded',
  attempt_count: 1,
  response_status: 200,
  duration_ms: 84,
  next_attempt_at: null,
  created_at: minutesAgo(overrides.sequence),
  updated_at: minutesAgo(overrides.sequence),
  ...overrides,
});

const FAILED = summary({
  id: 'd2',
  sequence: 2,
  status: 'failed',
  attempt_count: 7,
  response_status: 503,
  duration_ms: 1200,
});
const SUCCEEDED = summary({ id: 'd1', sequence: 1 });

const BODY = JSON.stringify({ id: 'd2', event: 'document.published', data: { title: 'Hello' } });

const detailOf = (delivery: DeliverySummary): Delivery => ({
  ...delivery,
  request: {
    url: NETLIFY.url,
    headers: { 'Content-Type': 'application/json', 'X-Plinth-Delivery': delivery.id },
    body: BODY,
  },
  response: {
    status: 503,
    headers: { 'content-type': 'text/plain' },
    body: 'Service Unavailable',
    truncated: false,
    duration_ms: 1200,
  },
  attempts: [
    {
      attempt: 1,
      started_at: minutesAgo(30),
      duration_ms: 10000,
      success: false,
      request: { url: NETLIFY.url, headers: { 'X-Plinth-Signature': 'sha256=aaa' } },
      response: null,
      error: 'Timed out: no answer within 10000 ms',
    },
    {
      attempt: 2,
      started_at: minutesAgo(20),
      duration_ms: 1200,
      success: false,
      request: { url: NETLIFY.url, headers: { 'X-Plinth-Signature': 'sha256=bbb' } },
      response: {
        status: 503,
        headers: { 'content-type': 'text/plain' },
        body: 'Service Unavailable',
        truncated: false,
      },
      error: null,
    },
  ],
});

const COLLECTIONS: Collection[] = [
  testCollection({ slug: 'articles', name: 'Articles', singular: 'article' }),
  testCollection({ slug: 'authors', name: 'Authors', singular: 'author' }),
];

/** The webhooks API over in-memory webhooks and deliveries (filtered by `?status=` as the server does). */
function serveWebhooks(
  options: {
    role?: Role;
    webhooks?: Webhook[];
    deliveries?: DeliverySummary[];
    answer?: (call: FetchCall) => Response | undefined;
  } = {},
) {
  let webhooks = [...(options.webhooks ?? [NETLIFY, SEARCH])];
  let deliveries = [...(options.deliveries ?? [FAILED, SUCCEEDED])];
  return fakeAppApi(
    (call) => {
      const custom = options.answer?.(call);
      if (custom) return custom;
      if (call.path === '/api/v1/projects/p1/collections') return json(200, { data: COLLECTIONS });
      if (call.path === API && call.method === 'GET') {
        return json(200, { data: webhooks, meta: { total: webhooks.length, page: 1, limit: 25 } });
      }
      if (call.path === API && call.method === 'POST') {
        const body = call.body as CreateWebhookBody;
        const created: CreatedWebhook = {
          ...webhook({ id: 'wh-new', url: body.url, events: body.events }),
          collections: body.collections ?? null,
          description: body.description ?? '',
          active: body.active ?? true,
          secret: SECRET,
        };
        const { secret: _secret, ...stored } = created;
        webhooks = [stored, ...webhooks];
        return json(201, { data: created });
      }
      const [, id, rest = ''] = new RegExp(`^${API}/([^/]+)(/.*)?$`).exec(call.path) ?? [];
      const found = webhooks.find((item) => item.id === id);
      if (!id) return undefined;
      if (!found) return apiError(404, 'Webhook not found');
      if (rest === '' && call.method === 'GET') return json(200, { data: found });
      if (rest === '' && call.method === 'PATCH') {
        const body = call.body as UpdateWebhookBody;
        const updated: Webhook = {
          ...found,
          ...body,
          ...(body.active ? { disabled_reason: null } : {}),
          updated_at: new Date().toISOString(),
        } as Webhook;
        webhooks = webhooks.map((item) => (item.id === id ? updated : item));
        return json(200, { data: updated });
      }
      if (rest === '' && call.method === 'DELETE') {
        webhooks = webhooks.filter((item) => item.id !== id);
        return new Response(null, { status: 204 });
      }
      if (rest === '/test' && call.method === 'POST') {
        const ping = summary({
          id: 'd-ping',
          sequence: deliveries.length + 1,
          event: 'ping',
          status: 'pending',
          attempt_count: 0,
          response_status: null,
          duration_ms: null,
          created_at: new Date().toISOString(),
        });
        deliveries = [ping, ...deliveries];
        return json(202, { data: detailOf(ping) });
      }
      if (rest === '/deliveries' && call.method === 'GET') {
        const status = call.query.get('status');
        const limit = Number(call.query.get('limit') ?? 20);
        const matching = deliveries.filter((item) => !status || item.status === status);
        return json(200, { data: matching.slice(0, limit), meta: { total: matching.length, page: 1, limit } });
      }
      const deliveryId = /^\/deliveries\/([^/]+)/.exec(rest)?.[1];
      const delivery = deliveries.find((item) => item.id === deliveryId);
      if (delivery && rest.endsWith('/redeliver') && call.method === 'POST') {
        const pending: DeliverySummary = { ...delivery, status: 'pending', next_attempt_at: new Date().toISOString() };
        deliveries = deliveries.map((item) => (item.id === delivery.id ? pending : item));
        return json(202, { data: detailOf(pending) });
      }
      if (delivery && call.method === 'GET') return json(200, { data: detailOf(delivery) });
      return undefined;
    },
    { projects: [testProject({ role: options.role ?? 'owner' })] },
  );
}

const sent = (calls: FetchCall[], method: string, path = API) =>
  calls.filter((call) => call.method === method && call.path.startsWith(path));

const endpointRow = async (url: string) => {
  const list = await screen.findByRole('list', { name: 'Webhooks' });
  const row = within(list)
    .getAllByRole('listitem')
    .find((item) => item.querySelector('h3')?.textContent === url);
  if (!row) throw new Error(`No webhook row for ${url}`);
  return within(row);
};

/** The log's row of the delivery with this sequence number. */
const deliveryRow = async (sequence: number) => {
  const button = await screen.findByRole('button', { name: new RegExp(`^View .+ delivery #${sequence}$`) });
  const row = button.closest('li');
  if (!row) throw new Error('No delivery row');
  return within(row);
};

describe('webhooks list', () => {
  it('shows a skeleton, then each endpoint with its events, collections, status and last delivery', async () => {
    signIn();
    serveWebhooks({ webhooks: [NETLIFY, SEARCH, BROKEN] });
    renderApp(LIST_PATH);
    expect(await screen.findByRole('status', { name: 'Loading webhooks' })).toBeTruthy();
    const netlify = await endpointRow(NETLIFY.url);
    expect(netlify.getByRole('link', { name: NETLIFY.url }).getAttribute('href')).toBe('/app/projects/p1/webhooks/wh1');
    expect(netlify.getByText('Active')).toBeTruthy();
    expect(netlify.getByText('Rebuilds the marketing site')).toBeTruthy();
    expect(netlify.getByText('document.published, document.unpublished')).toBeTruthy();
    expect(netlify.getByText('Collections: articles')).toBeTruthy();
    expect(await netlify.findByText('Failed')).toBeTruthy();
    expect((await endpointRow(SEARCH.url)).getByText('All events')).toBeTruthy();
    const broken = await endpointRow(BROKEN.url);
    expect(broken.getByText('Turned off after failures')).toBeTruthy();
    expect(broken.getByText(/after 3 deliveries in a row failed every retry/)).toBeTruthy();
    expect(screen.getByText('3 webhooks, newest first.')).toBeTruthy();
  });

  it('offers to add the first webhook when there is none', async () => {
    signIn();
    serveWebhooks({ webhooks: [] });
    renderApp(LIST_PATH);
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add webhook' })).toHaveLength(2);
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    signIn();
    let failures = 1;
    serveWebhooks({
      answer: (call) =>
        call.path === API && call.method === 'GET' && failures-- > 0
          ? apiError(500, 'The database is not answering.')
          : undefined,
    });
    const { user } = renderApp(LIST_PATH);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load the webhooks.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await endpointRow(NETLIFY.url)).toBeTruthy();
  });

  it('creates a webhook: the server’s address refusal shows on the URL, then the secret is shown once', async () => {
    signIn();
    const calls = serveWebhooks({
      answer: (call) =>
        call.path === API && call.method === 'POST' && (call.body as CreateWebhookBody).url.includes('localhost')
          ? apiError(
              400,
              'url is refused: localhost resolves to 127.0.0.1, a loopback address. Webhooks may only call public addresses; an operator can allow a host with PLINTH_WEBHOOK_ALLOWED_HOSTS',
              [{ path: 'url', message: 'is refused: localhost resolves to 127.0.0.1, a loopback address' }],
            )
          : undefined,
    });
    const { user, router } = renderApp(LIST_PATH);
    await endpointRow(NETLIFY.url);
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    const url = within(dialog).getByLabelText('Payload URL');
    // The address rules are explained before anything is sent.
    expect(
      within(dialog)
        .getByText(/PLINTH_WEBHOOK_ALLOWED_HOSTS/)
        .closest('p')?.textContent,
    ).toContain('loopback, private, link-local');
    await user.type(url, 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText('Enter a full URL that starts with https:// or http://')).toBeTruthy();
    expect(sent(calls, 'POST')).toHaveLength(0);

    await user.clear(url);
    await user.type(url, 'http://localhost:8080/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /media\.created/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only some collections' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Articles/ }));
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Search index');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const error = await within(dialog).findByText(/^URL is refused: localhost resolves to 127\.0\.0\.1/);
    expect(error.textContent).toContain('PLINTH_WEBHOOK_ALLOWED_HOSTS');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert', { name: /Could not/ })).toBeNull();

    await user.clear(url);
    await user.type(url, 'https://search.example.net/plinth');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Webhook created' });
    expect(sent(calls, 'POST').at(-1)?.body).toEqual({
      url: 'https://search.example.net/plinth',
      events: ['document.published', 'document.unpublished', 'media.created'],
      collections: ['articles'],
      description: 'Search index',
      active: true,
    });
    expect((within(secret).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(within(secret).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(within(secret).getByText(/will not be shown again/)).toBeTruthy();
    expect(within(secret).getByRole('region', { name: 'Check a delivery with @plinth/sdk' }).textContent).toContain(
      'verifyWebhookSignature',
    );
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    // Next step: the new webhook's page, to send a test.
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/projects/p1/webhooks/wh-new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'search.example.net' })).toBeTruthy();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('explains to a viewer that only owners and admins manage webhooks, and never asks for them', async () => {
    signIn();
    const calls = serveWebhooks({ role: 'viewer' });
    renderApp(LIST_PATH);
    expect(await screen.findByText('Your role cannot manage webhooks')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add webhook' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toBe('Only owners and admins can add webhooks');
    expect(sent(calls, 'GET')).toHaveLength(0);
  });
});

describe('a webhook’s page', () => {
  const PAGE = '/app/projects/p1/webhooks/wh1';

  it('shows the settings and the delivery log with status, HTTP status, duration, attempts and time', async () => {
    signIn();
    serveWebhooks();
    renderApp(PAGE);
    expect(await screen.findByRole('status', { name: 'Loading the webhook' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'api.netlify.com' })).toBeTruthy();
    expect(screen.getByText(NETLIFY.url)).toBeTruthy();
    const settings = screen.getByRole('region', { name: 'Settings' });
    expect(within(settings).getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('true');
    expect(within(within(settings).getByRole('list', { name: 'Events' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(settings).getByText('articles')).toBeTruthy();

    const failed = await deliveryRow(2);
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText('503')).toBeTruthy();
    expect(failed.getByText('1.2 s')).toBeTruthy();
    expect(failed.getByText('7 attempts')).toBeTruthy();
    expect(failed.getByText('2 minutes ago')).toBeTruthy();
    expect((await deliveryRow(1)).getByText('Succeeded')).toBeTruthy();
  });

  it('sends a test ping, which joins the log', async () => {
    signIn();
    const calls = serveWebhooks();
    const { user } = renderApp(PAGE);
    await deliveryRow(2);
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test ping queued: its delivery is at the top of the log.')).toBeTruthy();
    expect(sent(calls, 'POST').map((call) => call.path)).toEqual([`${API}/wh1/test`]);
    const ping = await deliveryRow(3);
    expect(ping.getByText('Pending')).toBeTruthy();
    expect(screen.getByText(/Some deliveries are pending; the log refreshes every few seconds/)).toBeTruthy();
  });

  it('edits the webhook, sending only what changed', async () => {
    signIn();
    const calls = serveWebhooks();
    const { user } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Edit settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect((within(dialog).getByLabelText('Payload URL') as HTMLInputElement).value).toBe(NETLIFY.url);
    expect((within(dialog).getByRole('checkbox', { name: /Articles/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /document\.unpublished/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /document\.deleted/ }));
    expect(within(dialog).getByText(/drafts included: give this URL only/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Webhook saved.')).toBeTruthy();
    expect(sent(calls, 'PATCH')).toEqual([
      expect.objectContaining({
        path: `${API}/wh1`,
        body: { events: ['document.deleted', 'document.published'] },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const events = within(screen.getByRole('region', { name: 'Settings' })).getByRole('list', { name: 'Events' });
    expect(within(events).getByText('document.deleted')).toBeTruthy();
  });

  it('turns the webhook off and on again with its switch', async () => {
    signIn();
    const calls = serveWebhooks();
    const { user } = renderApp(PAGE);
    const toggle = await screen.findByRole('switch', { name: 'Active' });
    await user.click(toggle);
    expect(await screen.findByText('Webhook turned off: no events are sent until you turn it on.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Off');
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(await screen.findByText('Webhook turned on: events are sent again.')).toBeTruthy();
    expect(sent(calls, 'PATCH').map((call) => call.body)).toEqual([{ active: false }, { active: true }]);
  });

  it('redelivers a delivery from the log', async () => {
    signIn();
    const calls = serveWebhooks();
    const { user } = renderApp(PAGE);
    const failed = await deliveryRow(2);
    await user.click(failed.getByRole('button', { name: 'Redeliver document.published delivery #2' }));
    expect(await screen.findByText('Delivery queued again: its new attempt will appear in the log.')).toBeTruthy();
    expect(sent(calls, 'POST').map((call) => call.path)).toEqual([`${API}/wh1/deliveries/d2/redeliver`]);
    expect(await (await deliveryRow(2)).findByText('Pending')).toBeTruthy();
  });

  it('opens a delivery with each attempt’s request, response and error, linkable from the URL', async () => {
    signIn();
    const calls = serveWebhooks();
    const { user, router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'View document.published delivery #2' }));
    const dialog = await screen.findByRole('dialog', { name: 'document.published delivery #2' });
    expect(router.state.location.search).toBe('?delivery=d2');
    expect(await within(dialog).findByRole('heading', { name: 'Attempts' })).toBeTruthy();
    expect(within(dialog).getByText('d2', { selector: 'dd' })).toBeTruthy();
    // The latest attempt first and open: its response; the first attempt's timeout below.
    const attempts = within(dialog).getAllByRole('listitem');
    expect(attempts[0]?.textContent).toContain('Attempt 2');
    expect(within(dialog).getByRole('region', { name: 'Attempt 2: response body' }).textContent).toBe(
      'Service Unavailable',
    );
    expect(within(dialog).getByRole('region', { name: 'Attempt 2: request body (JSON)' }).textContent).toContain(
      '"title": "Hello"',
    );
    expect(attempts[1]?.textContent).toContain('Timed out: no answer within 10000 ms');
    expect(attempts[1]?.textContent).toContain('No answer');

    await user.click(within(dialog).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Delivery queued again: its new attempt will appear in the log.')).toBeTruthy();
    expect(sent(calls, 'POST').map((call) => call.path)).toEqual([`${API}/wh1/deliveries/d2/redeliver`]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('opens the delivery named in the link', async () => {
    signIn();
    serveWebhooks();
    renderApp(`${PAGE}?delivery=d1`);
    expect(await screen.findByRole('dialog', { name: 'document.published delivery #1' })).toBeTruthy();
  });

  it('shows why a webhook was turned off, its failed deliveries, and turns it on again (the failure email’s link)', async () => {
    signIn();
    const calls = serveWebhooks({
      webhooks: [BROKEN],
      deliveries: [
        summary({
          id: 'd3',
          sequence: 3,
          webhook_id: 'wh3',
          status: 'failed',
          attempt_count: 7,
          response_status: null,
        }),
        summary({ id: 'd2', sequence: 2, webhook_id: 'wh3', status: 'failed', attempt_count: 7, response_status: 500 }),
        summary({ id: 'd1', sequence: 1, webhook_id: 'wh3' }),
      ],
    });
    const { user, router } = renderApp('/app/projects/p1/webhooks/wh3');
    const banner = await screen.findByRole('region', {
      name: 'Plinth turned this webhook off after repeated failures',
    });
    expect(within(banner).getByText(BROKEN.disabled_reason ?? '')).toBeTruthy();
    expect(await within(banner).findByText(/2 deliveries failed\./)).toBeTruthy();
    // The log is on the page, failures first among them.
    expect(await deliveryRow(3)).toBeTruthy();

    await user.click(within(banner).getByRole('button', { name: 'Show failed deliveries' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^View .+ #1$/ })).toBeNull());
    expect((screen.getByLabelText('Show deliveries') as HTMLSelectElement).value).toBe('failed');
    expect(
      calls.some(
        (call) =>
          call.path.endsWith('/wh3/deliveries') &&
          call.query.get('status') === 'failed' &&
          call.query.get('limit') === '20',
      ),
    ).toBe(true);

    await user.click(within(banner).getByRole('button', { name: 'Turn on again' }));
    expect(await screen.findByText('Webhook turned on: events are sent again.')).toBeTruthy();
    expect(sent(calls, 'PATCH').map((call) => call.body)).toEqual([{ active: true }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: /turned this webhook off/ })).toBeNull());
  });

  it('lists only deliveries of a status when filtered, and says when there are none', async () => {
    signIn();
    serveWebhooks();
    const { user } = renderApp(PAGE);
    await deliveryRow(2);
    await user.selectOptions(screen.getByLabelText('Show deliveries'), 'pending');
    expect(await screen.findByText('No pending deliveries')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all deliveries' }));
    expect(await deliveryRow(2)).toBeTruthy();
  });

  it('says when the log cannot be loaded, and loads it again on request', async () => {
    signIn();
    let failures = 1;
    serveWebhooks({
      answer: (call) =>
        call.path.endsWith('/wh1/deliveries') && failures-- > 0 ? apiError(500, 'The log is unavailable.') : undefined,
    });
    const { user } = renderApp(PAGE);
    const log = await screen.findByRole('region', { name: 'Delivery log' });
    const alert = await within(log).findByRole('alert');
    expect(within(alert).getByText('We could not load the deliveries.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await deliveryRow(2)).toBeTruthy();
  });

  it('deletes the webhook after confirming, and goes back to the list', async () => {
    signIn();
    const calls = serveWebhooks();
    const { user, router } = renderApp(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    expect(await screen.findByText('Webhook deleted. Its deliveries have stopped.')).toBeTruthy();
    expect(sent(calls, 'DELETE').map((call) => call.path)).toEqual([`${API}/wh1`]);
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect(await endpointRow(SEARCH.url)).toBeTruthy();
  });

  it('says when the webhook does not exist', async () => {
    signIn();
    serveWebhooks();
    renderApp('/app/projects/p1/webhooks/gone');
    expect(await screen.findByText('This webhook does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all webhooks' }).getAttribute('href')).toBe(LIST_PATH);
  });
});
