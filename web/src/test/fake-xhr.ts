// An XMLHttpRequest that answers when the test says so: the subset the API client's upload() uses.
// jsdom's own XHR would go to the network.
import { vi } from 'vitest';

type Listener = (event: ProgressEvent) => void;

class FakeEventTarget {
  private readonly listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, init: { loaded?: number; total?: number } = {}) {
    const event = { lengthComputable: init.total !== undefined, loaded: init.loaded ?? 0, total: init.total ?? 0 } as ProgressEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export class FakeXhr extends FakeEventTarget {
  readonly upload = new FakeEventTarget();
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  timeout = 0;
  withCredentials = true;
  body: unknown;
  status = 0;
  responseText = '';
  private responseHeaders: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  wasSent = false;
  send(body: unknown) {
    this.body = body;
    this.wasSent = true;
  }
  abort() {
    this.emit('abort');
  }

  /** The server's answer arrives. */
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.emit('load');
  }
}

/** Hands out FakeXhr instances and remembers them in order. */
export function fakeXhrFactory() {
  const created: FakeXhr[] = [];
  let taken = 0;
  const createXhr = () => {
    const xhr = new FakeXhr();
    created.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  };
  /** The next request, once the client has sent it (it awaits the token first). */
  const sent = async (): Promise<FakeXhr> => {
    const xhr = await vi.waitFor(() => {
      const next = created[taken];
      if (!next?.wasSent) throw new Error(`XMLHttpRequest ${taken} was not sent`);
      return next;
    });
    taken += 1;
    return xhr;
  };
  return { createXhr, created, sent };
}
