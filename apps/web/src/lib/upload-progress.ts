/** Bytes of a request body sent so far, of `total`. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What `fetch` takes, as far as the API client uses it. */
interface SendInit {
  method: string;
  headers: Record<string, string>;
  body: FormData | string | undefined;
  signal: AbortSignal;
}

/**
 * Sends a request through XMLHttpRequest, the one browser API that reports how much of the body
 * has gone out, and answers like `fetch` as far as the API client reads a response (its status
 * and text). A network failure or an abort rejects, as `fetch` does.
 */
export function sendWithProgress(
  url: string,
  init: SendInit,
  onProgress: (progress: UploadProgress) => void,
): Promise<{ status: number; text: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      const text = xhr.responseText;
      resolve({ status: xhr.status, text: async () => text });
    });
    xhr.addEventListener('error', () => reject(new TypeError('Failed to send')));
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    if (init.signal.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    init.signal.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body ?? null);
  });
}
