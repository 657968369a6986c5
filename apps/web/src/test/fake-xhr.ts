import { vi } from 'vitest';

let gate: Promise<void> = Promise.resolve();

/**
 * Stubs XMLHttpRequest (which uploads with progress) with one that reports half of the body
 * sent, waits while uploads are held (`holdUploads`), reports all of it, and then answers what
 * the stubbed `fetch` answers for the same request: the API stubs of a test serve both.
 */
export function stubXhrThroughFetch() {
  gate = Promise.resolve();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

/** Uploads stop at half their body until the returned function is called. */
export function holdUploads(): () => void {
  let release = () => {};
  gate = new Promise((resolve) => {
    release = resolve;
  });
  return release;
}

const progress = (loaded: number, total: number) =>
  Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });

class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  send(body: FormData | string | null) {
    void (async () => {
      const total = 1000;
      this.upload.dispatchEvent(progress(total / 2, total));
      await gate;
      if (this.aborted) return;
      this.upload.dispatchEvent(progress(total, total));
      const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
      this.status = response.status;
      this.responseText = await response.text();
      this.dispatchEvent(new Event('load'));
    })();
  }
}
