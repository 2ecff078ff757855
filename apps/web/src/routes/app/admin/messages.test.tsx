import type { SiteMessage } from '@plinth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAdminApi, page } from '../../../test/fake-admin-api';
import { json, renderApp } from '../../../test/render';

const contact: SiteMessage = {
  id: 'm1',
  kind: 'contact',
  name: 'Mallory',
  email: 'mallory@example.com',
  company: 'Acme',
  subject: null,
  message: 'Hello,\n<img src=x onerror="alert(1)"><b>bold</b>\n\nBye',
  created_at: '2026-03-04T10:00:00.000Z',
};
const support: SiteMessage = {
  id: 'm2',
  kind: 'support',
  name: 'Sam Support',
  email: 'sam@example.com',
  company: null,
  subject: 'Bug Report',
  message: 'Webhooks fail.',
  created_at: '2026-03-05T10:00:00.000Z',
};

function serveMessages(messages: SiteMessage[]) {
  return fakeAdminApi((call) => {
    if (call.path === '/api/v1/admin/messages') {
      const kind = call.query.get('kind');
      return json(200, page(messages.filter((message) => !kind || message.kind === kind)));
    }
    const detail = /^\/api\/v1\/admin\/messages\/([^/]+)$/.exec(call.path);
    const found = detail ? messages.find((message) => message.id === detail[1]) : undefined;
    return found ? json(200, { data: found }) : undefined;
  });
}

describe('instance admin: messages', () => {
  it('lists messages with sender, email, subject and date, and filters them by kind', async () => {
    const calls = serveMessages([support, contact]);
    const { user, router } = renderApp('/app/admin/messages');
    const list = await screen.findByRole('list', { name: 'Messages' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Sam Support')).toBeTruthy();
    expect(within(first).getByText('sam@example.com')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Bug Report' })).toBeTruthy();
    expect(within(first).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Contact form message' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Kind'), 'support');
    await waitFor(() => expect(screen.queryByText('Mallory')).toBeNull());
    expect(router.state.location.search).toBe('?kind=support');
    expect(
      calls
        .filter((call) => call.path === '/api/v1/admin/messages')
        .at(-1)
        ?.query.get('kind'),
    ).toBe('support');

    await user.selectOptions(screen.getByLabelText('Kind'), 'contact');
    expect(await screen.findByText('Mallory')).toBeTruthy();
  });

  it('shows a message as the text it is: HTML stays text, line breaks stay, and the reply is a mailto link', async () => {
    serveMessages([support, contact]);
    const { user, router } = renderApp('/app/admin/messages');
    await user.click(await screen.findByRole('link', { name: 'Contact form message' }));

    const article = await screen.findByRole('article', { name: 'Message from Mallory' });
    expect(router.state.location.search).toBe('?message=m1');
    const body = within(article).getByText(/<b>bold<\/b>/);
    expect(body.textContent).toBe('Hello,\n<img src=x onerror="alert(1)"><b>bold</b>\n\nBye');
    expect(body.className).toContain('whitespace-pre-wrap');
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('b')).toBeNull();
    expect(within(article).getByText('Acme')).toBeTruthy();

    const reply = within(article).getByRole('link', { name: 'Reply by email' }).getAttribute('href') ?? '';
    expect(reply.startsWith('mailto:mallory@example.com?')).toBe(true);
    const params = new URLSearchParams(reply.split('?')[1]);
    expect(params.get('subject')).toBe('Re: Contact form message');
    expect(params.get('body')).toContain('> <img src=x onerror="alert(1)"><b>bold</b>');

    await user.click(screen.getByRole('link', { name: 'All messages' }));
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('has an empty state', async () => {
    serveMessages([]);
    renderApp('/app/admin/messages');
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
  });

  it('says when a message does not exist', async () => {
    serveMessages([]);
    renderApp('/app/admin/messages?message=nope');
    expect(await screen.findByRole('heading', { name: 'This message does not exist' })).toBeTruthy();
  });

  it('shows an error with a retry when the messages cannot be loaded', async () => {
    let fail = true;
    fakeAdminApi((call) => {
      if (call.path !== '/api/v1/admin/messages') return undefined;
      return fail
        ? json(500, { statusCode: 500, code: 'INTERNAL', message: 'Internal error' })
        : json(200, page([support]));
    });
    const { user } = renderApp('/app/admin/messages');
    expect(await screen.findByRole('status', { name: 'Loading messages…' })).toBeTruthy();
    expect(await screen.findByText('Could not load the messages')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Sam Support')).toBeTruthy();
  });
});
