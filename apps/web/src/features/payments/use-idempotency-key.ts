import { useCallback, useRef } from 'react';

/**
 * The Idempotency-Key of a money form: one key per submitted intent. Sending the same values
 * again (a retry after a network failure) reuses it, so the API answers that submission once;
 * other values, or `settle()` after a success, start a new one.
 */
export function useIdempotencyKey() {
  const current = useRef<{ intent: string; key: string } | null>(null);
  const keyFor = useCallback((values: unknown) => {
    const intent = JSON.stringify(values);
    if (current.current?.intent !== intent) current.current = { intent, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}
