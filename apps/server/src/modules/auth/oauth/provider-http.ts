import { AppError } from '../../../lib/errors.js';
import type { Logger } from '../../../lib/logger.js';
import type { SafeHttpClient } from '../../../lib/safe-http.js';

/** Discovery documents and token answers are small; anything this long is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;

export interface ProviderCall {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as `application/x-www-form-urlencoded`, as OAuth token endpoints expect. */
  form?: Record<string, string>;
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body. */
  body: unknown;
}

/** A 502 whose message a person can read; the cause goes to the log, not to the client. */
export const providerFailure = (message: string): AppError => new AppError('UPSTREAM_ERROR', message);

/**
 * JSON calls to sign-in providers through the one outbound client, so its address checks apply
 * (PLINTH_OAUTH_ALLOWED_HOSTS exempts hosts). A provider that cannot be reached or answers
 * something other than JSON is a 502 naming the provider.
 */
export class ProviderHttp {
  constructor(
    private readonly client: SafeHttpClient,
    private readonly log: Logger,
  ) {}

  async call(providerName: string, call: ProviderCall): Promise<ProviderAnswer> {
    const body = call.form === undefined ? undefined : new URLSearchParams(call.form).toString();
    let answer: Awaited<ReturnType<SafeHttpClient['request']>>;
    try {
      answer = await this.client.request({
        url: call.url,
        method: call.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'user-agent': 'Plinth',
          ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
          ...call.headers,
        },
        ...(body === undefined ? {} : { body }),
        maxBodyBytes: MAX_ANSWER_BYTES,
      });
    } catch (error) {
      this.log.warn({ err: error, url: call.url }, `${providerName} could not be reached`);
      throw providerFailure(`${providerName} could not be reached; please try again later`);
    }
    try {
      if (answer.truncated) throw new Error(`answer longer than ${MAX_ANSWER_BYTES} bytes`);
      return { status: answer.status, body: JSON.parse(answer.body) as unknown };
    } catch (error) {
      this.log.warn(
        { err: error, url: call.url, status: answer.status },
        `${providerName} answered something other than JSON`,
      );
      throw providerFailure(`${providerName} sent an answer Plinth could not read; please try again later`);
    }
  }
}
