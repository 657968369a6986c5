import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIdempotencyKey } from './idempotency-key';

describe('useIdempotencyKey', () => {
  it('reuses the key for the same request, and gives a new one for another request or after settling', () => {
    const { result } = renderHook(() => useIdempotencyKey());
    const first = result.current.keyFor({ status: 'accepted', id: 1 });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.current.keyFor({ status: 'accepted', id: 1 })).toBe(first);
    const other = result.current.keyFor({ status: 'rejected', id: 1 });
    expect(other).not.toBe(first);
    result.current.settled();
    expect(result.current.keyFor({ status: 'rejected', id: 1 })).not.toBe(other);
  });
});
