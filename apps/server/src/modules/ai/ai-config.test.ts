import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

/** The one-line start-up error `loadConfig` throws for this environment. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** PLINTH_AI_* (API.md "AI assistant"): checked at start with the rest of the configuration. */
describe('AI model configuration', () => {
  it('is off by default', () => {
    expect(loadConfig({}).ai).toBeNull();
  });

  it('reads a base URL, a model, an optional key and a timeout (60 s by default)', () => {
    expect(loadConfig({ PLINTH_AI_BASE_URL: 'http://localhost:11434/v1/', PLINTH_AI_MODEL: 'llama3.1' }).ai).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.1',
      timeoutMs: 60_000,
      maxRequestChars: 6000,
    });
    expect(
      loadConfig({
        PLINTH_AI_BASE_URL: 'https://api.openai.com/v1',
        PLINTH_AI_MODEL: 'gpt-4o-mini',
        PLINTH_AI_API_KEY: 'sk-abc',
        PLINTH_AI_TIMEOUT_MS: '5000',
      }).ai,
    ).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-abc',
      model: 'gpt-4o-mini',
      timeoutMs: 5000,
      maxRequestChars: 6000,
    });
  });

  it('refuses a base URL without a model, a model or key without a base URL, and bad values', () => {
    expect(configError({ PLINTH_AI_BASE_URL: 'http://localhost:8080/v1' })).toBe(
      'Invalid configuration: PLINTH_AI_MODEL must be set when PLINTH_AI_BASE_URL is set (a model name such as gpt-4o-mini or llama3.1) (got "")',
    );
    expect(configError({ PLINTH_AI_MODEL: 'llama3.1' })).toContain(
      'PLINTH_AI_BASE_URL must be set when PLINTH_AI_MODEL',
    );
    expect(configError({ PLINTH_AI_API_KEY: 'sk-1' })).toContain(
      'PLINTH_AI_BASE_URL must be set when PLINTH_AI_API_KEY',
    );
    expect(configError({ PLINTH_AI_BASE_URL: 'localhost:11434', PLINTH_AI_MODEL: 'm' })).toBe(
      'Invalid configuration: PLINTH_AI_BASE_URL must be a URL starting with http:// or https:// (got "localhost:11434")',
    );
    expect(configError({ PLINTH_AI_BASE_URL: 'ftp://models', PLINTH_AI_MODEL: 'm' })).toContain('PLINTH_AI_BASE_URL');
    expect(configError({ PLINTH_AI_BASE_URL: 'http://h/v1', PLINTH_AI_MODEL: 'two words' })).toContain(
      'PLINTH_AI_MODEL',
    );
    expect(configError({ PLINTH_AI_TIMEOUT_MS: 'soon' })).toContain('PLINTH_AI_TIMEOUT_MS');
    expect(configError({ PLINTH_AI_TIMEOUT_MS: '5' })).toContain('PLINTH_AI_TIMEOUT_MS');
  });

  it('never echoes the API key', () => {
    const key = 'sk-secret with-space';
    const message = configError({ PLINTH_AI_BASE_URL: 'http://h/v1', PLINTH_AI_MODEL: 'm', PLINTH_AI_API_KEY: key });
    expect(message).toContain('PLINTH_AI_API_KEY');
    expect(message).not.toContain('sk-secret');
  });
});
