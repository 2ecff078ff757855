import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY } from '../../../lib/consent';
import type { AppConfig } from '../../../public-config';
import { renderApp } from '../../../test/render';

// What this build would load with consent; each test sets it. (The real one is read from the
// PUBLIC_* variables once, at build time.)
const services = vi.hoisted(() => ({ posthogKey: '', tagManagerId: '', chatScriptUrl: '' }));

vi.mock('../../../config', async (importOriginal) => {
  const { config } = await importOriginal<{ config: AppConfig }>();
  return {
    config: {
      ...config,
      get posthogKey() {
        return services.posthogKey;
      },
      get tagManagerId() {
        return services.tagManagerId;
      },
      get chatScriptUrl() {
        return services.chatScriptUrl;
      },
    },
  };
});

const banner = () => screen.queryByRole('region', { name: 'Cookies and analytics' });

afterEach(() => {
  localStorage.removeItem(CONSENT_KEY);
  Object.assign(services, { posthogKey: '', tagManagerId: '', chatScriptUrl: '' });
});

describe('cookie banner, with analytics configured', () => {
  beforeEach(() => {
    services.posthogKey = 'phc_test';
  });

  it.each([
    ['Accept', 'accepted'],
    ['Decline', 'declined'],
  ])('stores the choice when the visitor clicks %s, and goes away', async (button, stored) => {
    const { user } = renderApp('/');
    const region = await screen.findByRole('region', { name: 'Cookies and analytics' });
    expect(region.textContent).toContain('With your consent we load product analytics');
    await user.click(screen.getByRole('button', { name: button }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe(stored);
    await waitFor(() => expect(region.isConnected).toBe(false));
  });

  it('does not ask again once the visitor chose', async () => {
    localStorage.setItem(CONSENT_KEY, 'declined');
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(banner()).toBeNull();
  });

  it('lets the visitor change the choice on the cookie policy page', async () => {
    localStorage.setItem(CONSENT_KEY, 'declined');
    const { user } = renderApp('/cookies');
    expect(await screen.findByText('You declined analytics cookies.')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Product analytics' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem(CONSENT_KEY)).toBe('accepted');
    expect(await screen.findByText('You accepted analytics cookies.')).toBeTruthy();
  });
});

describe('cookie banner, with only third-party scripts configured', () => {
  it('asks about the tag manager and the live chat it would load', async () => {
    services.tagManagerId = 'GTM-AB12CD';
    services.chatScriptUrl = 'https://chat.example.com/widget.js';
    renderApp('/');
    const region = await screen.findByRole('region', { name: 'Cookies and analytics' });
    expect(region.textContent).toContain(
      'With your consent we load Google Tag Manager and a live-chat widget, which store cookies in your browser',
    );
    expect(region.textContent).not.toContain('product analytics');
  });
});

describe('cookie banner, with nothing configured', () => {
  it('does not ask: there is nothing to consent to', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(banner()).toBeNull();
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('says plainly on the cookie policy page that nothing is stored, and offers no choice', async () => {
    renderApp('/cookies');
    const choices = await screen.findByRole('heading', { level: 2, name: /Your choices/ });
    const section = choices.closest('section');
    expect(section?.textContent).toContain(
      'There is nothing to choose. This site uses no analytics, tag manager or live chat, so it stores nothing for them in your browser and does not ask for your consent.',
    );
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Product analytics' })).toBeNull();
    expect(screen.queryByRole('cell', { name: 'Cookie consent' })).toBeNull();
  });
});
