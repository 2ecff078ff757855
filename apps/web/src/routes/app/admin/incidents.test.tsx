import type { Incident, IncidentUpdate, UpdateIncidentBody } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, page } from '../../../test/fake-admin-api';
import { json, renderApp } from '../../../test/render';

const update = (id: string, status: IncidentUpdate['status'], message: string, at: string): IncidentUpdate => ({
  id,
  status,
  message,
  created_at: at,
});

const outage: Incident = {
  id: 'i2',
  title: 'Elevated API error rates',
  message: 'The database primary failed over.',
  status: 'outage',
  impact: 'major',
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:30:00.000Z',
  resolved_at: null,
  updates: [
    update('u1', 'investigating', 'We are looking into failed requests.', '2026-03-04T10:00:00.000Z'),
    update('u2', 'outage', 'The database primary failed over.', '2026-03-04T10:30:00.000Z'),
  ],
};

const maintenance: Incident = {
  id: 'i1',
  title: 'Database maintenance',
  message: 'Done.',
  status: 'resolved',
  impact: 'maintenance',
  created_at: '2026-03-01T02:00:00.000Z',
  updated_at: '2026-03-01T03:00:00.000Z',
  resolved_at: '2026-03-01T03:00:00.000Z',
  updates: [
    update('m1', 'investigating', 'Upgrading the database.', '2026-03-01T02:00:00.000Z'),
    update('m2', 'resolved', 'Done.', '2026-03-01T03:00:00.000Z'),
  ],
};

/** A small incident store behind the admin endpoints, applying changes as the server does. */
function serveIncidents(initial: Incident[]) {
  let incidents = [...initial];
  const calls = fakeAdminApi((call) => {
    const detail = /^\/api\/v1\/admin\/incidents\/([^/]+)$/.exec(call.path);
    const found = detail ? incidents.find((incident) => incident.id === detail[1]) : undefined;
    if (call.path === '/api/v1/admin/incidents' && call.method === 'GET') {
      const status = call.query.get('status');
      return json(
        200,
        page(
          incidents.filter((incident) => !status || incident.status === status),
          { limit: 20 },
        ),
      );
    }
    if (call.path === '/api/v1/admin/incidents' && call.method === 'POST') {
      const body = call.body as {
        title: string;
        message: string;
        status: Incident['status'];
        impact: Incident['impact'];
      };
      const created: Incident = {
        id: 'new',
        title: body.title,
        message: body.message,
        status: body.status,
        impact: body.impact,
        created_at: '2026-03-05T09:00:00.000Z',
        updated_at: '2026-03-05T09:00:00.000Z',
        resolved_at: null,
        updates: [update('n1', body.status, body.message, '2026-03-05T09:00:00.000Z')],
      };
      incidents = [created, ...incidents];
      return json(201, { data: created });
    }
    if (!found) return undefined;
    if (call.method === 'GET') return json(200, { data: found });
    if (call.method === 'DELETE') {
      incidents = incidents.filter((incident) => incident !== found);
      return new Response(null, { status: 204 });
    }
    if (call.method === 'PATCH') {
      const body = call.body as UpdateIncidentBody;
      const status = body.status ?? found.status;
      const changed = status !== found.status || body.message !== undefined;
      const next: Incident = {
        ...found,
        title: body.title ?? found.title,
        impact: body.impact === undefined ? found.impact : body.impact,
        status,
        resolved_at: status === 'resolved' ? '2026-03-04T12:00:00.000Z' : null,
        updates: changed
          ? [
              ...found.updates,
              update(
                `x${found.updates.length}`,
                status,
                body.message ?? `Status changed to ${status}.`,
                '2026-03-04T12:00:00.000Z',
              ),
            ]
          : found.updates,
      };
      incidents = incidents.map((incident) => (incident === found ? next : incident));
      return json(200, { data: next });
    }
    return undefined;
  });
  return calls;
}

describe('instance admin: incidents', () => {
  it('lists incidents newest first with status, impact, times and the latest update, and says they are public', async () => {
    serveIncidents([outage, maintenance]);
    renderApp('/app/admin/incidents');
    const list = await screen.findByRole('list', { name: 'Incidents' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Elevated API error rates',
      'Database maintenance',
    ]);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Outage')).toBeTruthy();
    expect(within(first).getByText('Major impact')).toBeTruthy();
    expect(within(first).getByText(/Ongoing for/)).toBeTruthy();
    expect(within(first).getByText(/The database primary failed over\./)).toBeTruthy();
    const second = items[1] as HTMLElement;
    expect(within(second).getByText('Resolved', { selector: 'span' })).toBeTruthy();
    expect(within(second).getByText('Maintenance')).toBeTruthy();
    expect(within(second).getByText(/lasted 1 h/)).toBeTruthy();

    expect(screen.getByText('Incidents are public.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /View the status page/ }).getAttribute('href')).toBe('/status');
  });

  it('opens an incident after checking the form, then shows its page with the timeline', async () => {
    const calls = serveIncidents([]);
    const { user, router } = renderApp('/app/admin/incidents');
    expect(await screen.findByRole('heading', { name: 'No incidents yet' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open an incident' }));

    const dialog = await screen.findByRole('dialog', { name: 'Open an incident' });
    await user.click(within(dialog).getByRole('button', { name: 'Open incident' }));
    expect(await within(dialog).findByText('Give the incident a title')).toBeTruthy();
    expect(within(dialog).getByText('Say what is happening: visitors read this first')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Title'), 'API outage');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'outage');
    await user.selectOptions(within(dialog).getByLabelText('Impact'), 'critical');
    await user.type(within(dialog).getByLabelText('First update'), 'Requests fail.{Enter}We are on it.');
    await user.click(within(dialog).getByRole('button', { name: 'Open incident' }));

    expect(await screen.findByText('Incident opened. It is on the public status page now.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'API outage',
      status: 'outage',
      impact: 'critical',
      message: 'Requests fail.\nWe are on it.',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'API outage' })).toBeTruthy();
    expect(router.state.location.search).toBe('?incident=new');
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline).getByText('Requests fail. We are on it.', { normalizer: (text) => text.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
  });

  it('posts an update and resolves an incident, adding both to its timeline', async () => {
    const calls = serveIncidents([outage, maintenance]);
    const { user } = renderApp('/app/admin/incidents');
    await user.click(await screen.findByRole('link', { name: 'Elevated API error rates' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Elevated API error rates' });
    expect(document.activeElement).toBe(heading);
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    // Newest first.
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['The database primary failed over.', 'We are looking into failed requests.']);

    // Neither a message nor a new status: nothing to post.
    const form = screen.getByRole('form', { name: 'Post an update' });
    await user.click(within(form).getByRole('button', { name: 'Post update' }));
    expect(await within(form).findByText('Write an update, or choose a new status')).toBeTruthy();

    await user.type(within(form).getByLabelText('Update'), 'A fix is rolling out.');
    await user.click(within(form).getByRole('button', { name: 'Post update' }));
    expect(await screen.findByText('Update posted to the status page.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ message: 'A fix is rolling out.' });
    expect(await within(timeline).findByText('A fix is rolling out.')).toBeTruthy();
    await waitFor(() => expect((within(form).getByLabelText('Update') as HTMLTextAreaElement).value).toBe(''));

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve incident' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve incident' }));
    expect(await screen.findByText('Incident resolved. The status page shows it as resolved.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ status: 'resolved' });
    expect(await within(timeline).findByText('Status changed to resolved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull());
    expect(screen.getByText(/lasted 2 h/)).toBeTruthy();
    // The update form starts from the new status, so a message posted now does not reopen it.
    const form2 = screen.getByRole('form', { name: 'Post an update' });
    expect((within(form2).getByLabelText('Status') as HTMLSelectElement).value).toBe('resolved');
    expect(within(form2).getByText('Stays resolved.')).toBeTruthy();
  });

  it('edits only the title and impact, and deletes an incident after confirming', async () => {
    const calls = serveIncidents([outage, maintenance]);
    const { user, router } = renderApp('/app/admin/incidents?incident=i2');
    await screen.findByRole('heading', { level: 2, name: 'Elevated API error rates' });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit incident' });
    const title = within(edit).getByLabelText('Title');
    await user.clear(title);
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await within(edit).findByText('Give the incident a title')).toBeTruthy();
    await user.type(title, 'Delivery API errors');
    await user.selectOptions(within(edit).getByLabelText('Impact'), '');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Delivery API errors' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: 'Delivery API errors', impact: null });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this incident?' });
    expect(within(confirm).getByText(/resolve real incidents instead/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete incident' }));
    expect(await screen.findByText('Incident deleted. It is no longer on the status page.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/admin/incidents/i2');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const list = await screen.findByRole('list', { name: 'Incidents' });
    expect(within(list).queryByText('Delivery API errors')).toBeNull();
  });

  it('filters by status, with an empty state per status', async () => {
    const calls = serveIncidents([outage, maintenance]);
    const { user } = renderApp('/app/admin/incidents');
    await screen.findByRole('list', { name: 'Incidents' });
    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    await waitFor(() => expect(screen.queryByText('Elevated API error rates')).toBeNull());
    expect(
      calls
        .filter((call) => call.path === '/api/v1/admin/incidents')
        .at(-1)
        ?.query.get('status'),
    ).toBe('resolved');

    await user.selectOptions(screen.getByLabelText('Status'), 'investigating');
    expect(await screen.findByRole('heading', { name: 'No investigating incidents' })).toBeTruthy();
  });

  it('says when an incident does not exist', async () => {
    serveIncidents([]);
    renderApp('/app/admin/incidents?incident=gone');
    expect(await screen.findByRole('heading', { name: 'This incident does not exist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All incidents' })).toBeTruthy();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    fakeAdminApi((call) => {
      if (call.path !== '/api/v1/admin/incidents') return undefined;
      return fail
        ? json(503, { statusCode: 503, code: 'INTERNAL', message: 'Database unavailable' })
        : json(200, page([outage]));
    });
    const { user } = renderApp('/app/admin/incidents');
    expect(await screen.findByRole('status', { name: 'Loading incidents…' })).toBeTruthy();
    expect(await screen.findByText('Could not load the incidents')).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Elevated API error rates')).toBeTruthy();
  });
});
