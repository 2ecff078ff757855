import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThirdPartyScripts } from './third-party-scripts';

const site = {
  tagManagerId: 'GTM-AB12CD',
  chatScriptUrl: 'https://chat.example.com/widget.js',
  hostname: 'plinth.example.com',
  document,
};

const scripts = () => [...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'));

describe('live chat and tag manager scripts', () => {
  afterEach(() => {
    for (const script of document.head.querySelectorAll('script')) script.remove();
    delete (window as Window & { dataLayer?: unknown[] }).dataLayer;
  });

  it('load nothing until the visitor accepts, then both once', () => {
    const reload = vi.fn();
    const thirdParty = createThirdPartyScripts({ ...site, reload });
    thirdParty.update(null);
    thirdParty.update('declined');
    expect(scripts()).toEqual([]);
    thirdParty.update('accepted');
    thirdParty.update('accepted');
    expect(scripts()).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://chat.example.com/widget.js',
    ]);
    expect((window as Window & { dataLayer?: unknown[] }).dataLayer).toEqual([
      { 'gtm.start': expect.any(Number), event: 'gtm.js' },
    ]);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reload the page when consent is withdrawn after they ran', () => {
    const reload = vi.fn();
    const thirdParty = createThirdPartyScripts({ ...site, reload });
    thirdParty.update('declined');
    expect(reload).not.toHaveBeenCalled();
    thirdParty.update('accepted');
    thirdParty.update('declined');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never load on a development host or when not configured', () => {
    const reload = vi.fn();
    for (const hostname of ['localhost', '127.0.0.1']) {
      createThirdPartyScripts({ ...site, hostname, reload }).update('accepted');
    }
    const unconfigured = createThirdPartyScripts({ ...site, tagManagerId: '', chatScriptUrl: '', reload });
    unconfigured.update('accepted');
    expect(unconfigured.isEnabled).toBe(false);
    expect(scripts()).toEqual([]);
  });

  it('load only the one that is configured', () => {
    createThirdPartyScripts({ ...site, tagManagerId: '', reload: vi.fn() }).update('accepted');
    expect(scripts()).toEqual(['https://chat.example.com/widget.js']);
  });
});
