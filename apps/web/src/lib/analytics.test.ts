import { describe, expect, it, vi } from 'vitest';
import { type AnalyticsClient, createAnalytics, isLocalHost, posthogOptions } from './analytics';

function fakePosthog() {
  const client = {
    init: vi.fn(),
    opt_in_capturing: vi.fn(),
    opt_out_capturing: vi.fn(),
    identify: vi.fn(),
    reset: vi.fn(),
    set_config: vi.fn(),
  };
  const load = vi.fn(async () => client as unknown as AnalyticsClient);
  return { client, load };
}

const site = { key: 'phc_test', apiHost: 'https://eu.i.posthog.com', hostname: 'plinth.example.com' };

describe('analytics', () => {
  it('never loads posthog when the visitor declined', async () => {
    const { load } = fakePosthog();
    const analytics = createAnalytics({ ...site, load });
    await analytics.update('declined', 'u1');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts opted in when the visitor accepted, and identifies signed-in users', async () => {
    const { client, load } = fakePosthog();
    const analytics = createAnalytics({ ...site, load });
    await analytics.update('accepted', 'u1');
    expect(client.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({ opt_out_capturing_by_default: false, person_profiles: 'identified_only' }),
    );
    expect(client.identify).toHaveBeenCalledWith('u1');
    await analytics.update('accepted', null);
    expect(client.reset).toHaveBeenCalledTimes(1);
  });

  it('starts without capturing or storing anything while there is no choice, then follows it', async () => {
    const { client, load } = fakePosthog();
    const analytics = createAnalytics({ ...site, load });
    await analytics.update(null, 'u1');
    expect(client.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({ opt_out_capturing_by_default: true, persistence: 'memory' }),
    );
    expect(client.identify).not.toHaveBeenCalled();

    await analytics.update('accepted', 'u1');
    expect(client.opt_in_capturing).toHaveBeenCalledTimes(1);
    expect(client.set_config).toHaveBeenCalledWith({ persistence: 'localStorage+cookie' });
    expect(client.identify).toHaveBeenCalledWith('u1');

    await analytics.update('declined', 'u1');
    expect(client.opt_out_capturing).toHaveBeenCalledTimes(1);
    expect(client.init).toHaveBeenCalledTimes(1);
  });

  it('stays off on a development host and without a key', async () => {
    for (const hostname of ['localhost', '127.0.0.1', 'app.localhost', '[::1]']) {
      const { load } = fakePosthog();
      const analytics = createAnalytics({ ...site, hostname, load });
      await analytics.update('accepted', 'u1');
      expect(analytics.isEnabled, hostname).toBe(false);
      expect(load).not.toHaveBeenCalled();
    }
    const { load } = fakePosthog();
    await createAnalytics({ ...site, key: '', load }).update('accepted', null);
    expect(load).not.toHaveBeenCalled();
    expect(isLocalHost('plinth.example.com')).toBe(false);
  });

  it('uses the options of the spec', () => {
    expect(posthogOptions('accepted', 'https://eu.i.posthog.com')).toMatchObject({
      api_host: 'https://eu.i.posthog.com',
      session_idle_timeout_seconds: 1800,
      cookie_expiration: 365,
      feature_flag_request_timeout_ms: 3000,
      surveys_request_timeout_ms: 10_000,
      properties_string_max_length: 65_535,
      person_profiles: 'identified_only',
      persistence: 'localStorage+cookie',
    });
  });
});
