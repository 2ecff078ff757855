import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, renderApp } from '../test/render';

const received = () => json(201, { data: { id: 'm1', received: true } });

describe('contact form', () => {
  async function submit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Company (optional)'), 'Navy');
    await user.type(screen.getByLabelText('Message'), 'We would like an Enterprise quote.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
  }

  it('sends the message and says so', async () => {
    const calls = fakeFetch(received);
    const { user } = renderApp('/contact');
    await submit(user);
    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/contact',
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company: 'Navy',
        message: 'We would like an Enterprise quote.',
      },
    });
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the error text when sending fails', async () => {
    fakeFetch(() => json(500, { message: 'Internal Server Error' }));
    const { user } = renderApp('/contact');
    await submit(user);
    expect(await screen.findByText('Error sending message. Please try again.')).toBeTruthy();
  });
});

describe('support page', () => {
  it('has help resources, an FAQ and a subject select with its placeholder and five subjects', async () => {
    renderApp('/support');
    expect(await screen.findByRole('heading', { name: 'Help resources' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    const select = screen.getByLabelText('Subject') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([
      'Select a subject',
      'Technical Support',
      'Billing Question',
      'Feature Request',
      'Bug Report',
      'General Inquiry',
    ]);
    expect(select.value).toBe('');
  });

  async function submit(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Bug Report');
    await user.type(screen.getByLabelText('Message'), 'Webhooks stopped firing.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
  }

  it('sends the message and thanks the user', async () => {
    const calls = fakeFetch(received);
    const { user } = renderApp('/support');
    await submit(user);
    expect(await screen.findByText("Thank you for your message! We'll get back to you soon.")).toBeTruthy();
    expect(calls[0]).toMatchObject({
      path: '/api/v1/support',
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Bug Report',
        message: 'Webhooks stopped firing.',
      },
    });
  });

  it('shows the error text when sending fails', async () => {
    fakeFetch(() => json(400, { message: 'subject must be one of …' }));
    const { user } = renderApp('/support');
    await submit(user);
    expect(await screen.findByText('There was an error sending your message. Please try again.')).toBeTruthy();
  });

  it('asks for a subject before sending', async () => {
    const calls = fakeFetch(received);
    const { user } = renderApp('/support');
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Select a subject', { selector: 'p' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
