import { useMemo, useRef } from 'react';

/**
 * The Idempotency-Key of a request that must happen once (a money-moving form, DESIGN.md
 * 'Money'; a campaign's copy): one key per intent. Sending
 * the same request again (a retry after a timeout or an error) reuses its key, so the server
 * answers it once; a changed request, or a new one after a success (`settled`), gets a new key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ request: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(request: unknown): string {
        const text = JSON.stringify(request);
        if (current.current?.request !== text) current.current = { request: text, key: crypto.randomUUID() };
        return current.current.key;
      },
      settled() {
        current.current = null;
      },
    }),
    [],
  );
}
