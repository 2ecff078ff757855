import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { ErrorBody, ErrorDetail, LoginResponse } from '@plinth/contract';

/** Who the CLI is on the server: an access token, or an account it signs in with. */
export type Credentials = { token: string } | { email: string; password: string };

/** An error answer of the API: the status, the stable code and the message meant for a person. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** What the server named (for a 409 on a model apply: the documents in the way). */
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Anything else that stops a command (an unreachable server, an unreadable file, a failed job). */
export class CommandError extends Error {
  override name = 'CommandError';
}

export interface UploadForm {
  fields: Readonly<Record<string, string>>;
  file: { field: string; path: string; filename: string; contentType: string };
}

/** Calls of the HTTP API under `<url>/api/v1`, signed in once, on first use. */
export interface ApiClient {
  /** A call with an optional JSON body; resolves to the JSON of a 2xx answer, throws ApiError otherwise. */
  json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
  /** A multipart POST of text fields and one file, streamed from disk; resolves to the JSON answer. */
  upload<T>(path: string, form: UploadForm): Promise<T>;
  /** A GET whose 2xx answer is returned unread, for streaming its body. */
  download(path: string): Promise<Response>;
}

/**
 * A client of the Plinth at `url`. With an email and password it signs in through
 * `POST /auth/login` before the first call.
 * @example const client = createApiClient({ url: 'http://localhost:3000', credentials: { token } });
 */
export function createApiClient({ url, credentials }: { url: string; credentials: Credentials }): ApiClient {
  const base = `${url.replace(/\/+$/, '')}/api/v1`;
  let token: Promise<string> | null = null;

  const send = async (path: string, init: RequestInit): Promise<Response> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, init);
    } catch (error) {
      // fetch says only "fetch failed"; the reason (ECONNREFUSED, a DNS error) is its cause.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new CommandError(`Could not reach ${url}: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    if (!response.ok) throw apiErrorOf(response.status, response.statusText, await response.text());
    return response;
  };

  const signIn = async (): Promise<string> => {
    if ('token' in credentials) return credentials.token;
    const response = await send('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: credentials.email, password: credentials.password }),
    });
    return ((await response.json()) as LoginResponse).access_token;
  };

  const bearer = async () => {
    token ??= signIn();
    return `Bearer ${await token}`;
  };
  const authorized = async (path: string, init: RequestInit = {}): Promise<Response> =>
    send(path, { ...init, headers: { ...init.headers, authorization: await bearer() } });

  return {
    async json<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
      const response = await authorized(path, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return (await response.json()) as T;
    },
    async upload<T>(path: string, form: UploadForm) {
      const answer = await postMultipart(new URL(`${base}${path}`), form, await bearer()).catch((error: unknown) => {
        throw error instanceof CommandError
          ? error
          : new CommandError(`Could not upload to ${url}: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (answer.status < 200 || answer.status > 299) throw apiErrorOf(answer.status, answer.statusText, answer.text);
      return JSON.parse(answer.text) as T;
    },
    download: (path) => authorized(path),
  };
}

/**
 * Sends the form over node:http rather than fetch: fetch (undici, Node 20) keeps what it uploads
 * until the request ends, so a 1.2 GB file took 1.3 GB of memory; this takes under 100 MB.
 */
async function postMultipart(
  url: URL,
  form: UploadForm,
  authorization: string,
): Promise<{ status: number; statusText: string; text: string }> {
  const { size } = await stat(form.file.path).catch((error: unknown) => {
    throw new CommandError(
      `Could not read ${form.file.path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const boundary = `plinth-${randomBytes(16).toString('hex')}`;
  const quoted = (value: string) => value.replace(/["\\\r\n]/g, '_');
  const head = Buffer.from(
    [
      ...Object.entries(form.fields).map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(form.file.field)}"; filename="${quoted(form.file.filename)}"\r\n`,
      `Content-Type: ${form.file.contentType}\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = (url.protocol === 'https:' ? https : http).request(url, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
  });
  const answer = new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', text }),
      );
      response.once('error', reject);
    });
  });
  const body = async function* () {
    yield head;
    yield* createReadStream(form.file.path);
    yield tail;
  };
  // The server may answer (a refused token, a full quota) before it has read the whole body, so
  // a body cut short is no error when an answer came; without one, what broke the body says why.
  let sendError: unknown = null;
  const sent = pipeline(body, request).catch((error: unknown) => {
    sendError = error;
  });
  try {
    await Promise.all([sent, answer]);
  } catch (error) {
    await sent;
    throw sendError ?? error;
  }
  return answer;
}

/** The API's error body as an ApiError; an answer of something else (a proxy's page) by its status. */
function apiErrorOf(status: number, statusText: string, text: string): ApiError {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (typeof body.message === 'string') {
      return new ApiError(status, body.code ?? 'UNKNOWN', body.message, body.details ?? []);
    }
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiError(status, 'UNKNOWN', `The server answered ${status} ${statusText}`);
}
