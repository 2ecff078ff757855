import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, json, renderApp, signIn } from '../test/render';
import { KNOWN_PATHS } from './paths';

describe('routing', () => {
  it('redirects a path with a trailing slash to the path without it', async () => {
    const { router } = renderApp('/about/?ref=nav');
    expect(await screen.findByRole('heading', { level: 1, name: /foundation your content stands on/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/about');
    expect(router.state.location.search).toBe('?ref=nav');
  });

  it('keeps the root path as it is', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Structured content for every screen' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /no/such/page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page inside the signed-in app too', async () => {
    signIn();
    fakeFetch(() => json(200, {}));
    renderApp('/app/nothing-here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /app/nothing-here' })).toBeTruthy();
  });

  it('points the canonical link at the site URL plus the path after every navigation', async () => {
    const { router } = renderApp('/features/');
    await screen.findByRole('heading', { level: 1, name: 'Built for developers, loved by editors' });
    const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/features`));

    await router.navigate('/careers');
    await screen.findByRole('heading', { level: 1, name: /help teams tell their stories/i });
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/careers`));

    await router.navigate('/');
    await waitFor(() => expect(canonical()).toBe(`${window.location.origin}/`));
  });

  it('has the navigation and footer links of the spec', async () => {
    renderApp('/');
    const main = await screen.findByRole('navigation', { name: 'Main' });
    const mainLinks = [...main.querySelectorAll('a')].map((link) => link.textContent);
    expect(mainLinks).toEqual(['Home', 'Features', 'Pricing', 'Blog', 'About', 'Careers', 'Contact']);
    expect(screen.getAllByRole('link', { name: 'Get Started' }).length).toBeGreaterThan(0);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect([...footer.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Product',
      'Company',
      'Documentation',
      'Careers',
      'Privacy',
      'Terms',
      'Cookies',
    ]);
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    for (const name of ['AI assistant', 'Collaboration', 'Developer tools', 'Pricing', 'Blog', 'Status']) {
      expect(
        resources.querySelector(`a[href="/${name === 'AI assistant' ? 'ai' : name.toLowerCase().replace(' ', '-')}"]`),
      ).toBeTruthy();
    }
  });

  it.each(KNOWN_PATHS.filter((path) => !path.startsWith('/app')))(
    'knows %s (paths.ts matches the route table)',
    async (path) => {
      // Pages that load data get an empty answer; the heading must not wait for it.
      fakeFetch(() => json(503, { statusCode: 503, code: 'INTERNAL', message: 'Unavailable' }));
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.queryByText(/Page Not Found/)).toBeNull();
    },
  );

  it('shows the home page stats', async () => {
    renderApp('/');
    for (const value of ['10K+', '99.9%', '50+', '24/7']) expect(await screen.findByText(value)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How a headless CMS works' })).toBeTruthy();
  });
});
