import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Handler = (() => void) | null;

/** One request made through XMLHttpRequest; the test sends its progress and its answer. */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = '';
  isAborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }

  /** The file part of a multipart upload. */
  get file(): File | null {
    const value = this.body instanceof FormData ? this.body.get('file') : null;
    return value instanceof File ? value : null;
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }

  respond(status: number, body?: unknown) {
    act(() => {
      this.status = status;
      this.responseText = body === undefined ? '' : JSON.stringify(body);
      this.onload?.();
    });
  }

  fail() {
    act(() => this.onerror?.());
  }
}

/** Replaces XMLHttpRequest; the returned list holds every request sent, in order. */
export function fakeXhr(): FakeXhr[] {
  const sent: FakeXhr[] = [];
  class Recorded extends FakeXhr {
    override send(body: Document | XMLHttpRequestBodyInit | null = null) {
      super.send(body);
      sent.push(this);
    }
  }
  vi.stubGlobal('XMLHttpRequest', Recorded);
  return sent;
}
