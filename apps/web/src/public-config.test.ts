import { describe, expect, it } from 'vitest';
import { parseConfig } from './parse-public-config';
import { pageOrigins } from './public-config';

describe('public configuration', () => {
  it('defaults to the page origin and no third parties', () => {
    const config = parseConfig({}, 'https://plinth.example.com');
    expect(config).toMatchObject({ apiBaseUrl: '', siteUrl: 'https://plinth.example.com', posthogKey: '' });
    expect(pageOrigins(config)).toEqual({ script: [], connect: [], img: [], frame: [] });
  });

  it("lists the origins each configured service needs in the page's CSP", () => {
    const config = parseConfig(
      {
        PUBLIC_API_URL: 'https://api.example.com/',
        PUBLIC_POSTHOG_KEY: 'phc_x',
        PUBLIC_POSTHOG_HOST: 'https://eu.i.posthog.com',
        PUBLIC_GTM_ID: 'GTM-AB12CD',
        PUBLIC_CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js',
        PUBLIC_CSP_ORIGINS: 'https://fonts.example.com, wss://live.example.com',
      },
      '',
    );
    const origins = pageOrigins(config);
    expect(origins.script).toEqual([
      'https://eu.i.posthog.com',
      'https://eu-assets.i.posthog.com',
      'https://www.googletagmanager.com',
      'https://chat.example.com',
      'https://fonts.example.com',
      'wss://live.example.com',
    ]);
    expect(origins.connect).toEqual(
      expect.arrayContaining(['https://api.example.com', 'https://eu.i.posthog.com', 'wss://chat.example.com']),
    );
    expect(origins.frame).toEqual(['https://chat.example.com', 'https://fonts.example.com', 'wss://live.example.com']);
  });

  it('refuses values that would load something unexpected', () => {
    expect(() => parseConfig({ PUBLIC_CHAT_SCRIPT_URL: 'http://chat.example.com/widget.js' }, '')).toThrow();
    expect(() => parseConfig({ PUBLIC_GTM_ID: 'GTM-ab"onload' }, '')).toThrow();
    expect(() =>
      parseConfig({ PUBLIC_CSP_ORIGINS: "https://x.example.com; script-src 'unsafe-inline'" }, ''),
    ).toThrow();
  });
});
