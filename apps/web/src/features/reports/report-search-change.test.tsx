import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchChange } from './report-params';

// The router's address as the page last rendered it, and every address the hook asked for. The
// router applies each change in a transition, so it can render one change while a later one waits.
const router = vi.hoisted(() => ({
  rendered: new URLSearchParams(),
  asked: [] as string[],
}));

vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useSearchParams: () => [
    router.rendered,
    (next: URLSearchParams) => {
      router.asked.push(next.toString());
    },
  ],
}));

const put = (key: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set(key, value);
  return next;
};

describe('an address changed in quick steps', () => {
  beforeEach(() => {
    router.rendered = new URLSearchParams();
    router.asked = [];
  });

  it('keeps a later change when the router renders an earlier one in between', () => {
    const { result, rerender } = renderHook(() => useSearchChange());
    result.current[1](put('time', 'week'));
    result.current[1](put('by', 'country'));
    // The first change renders while the second is still on its way.
    router.rendered = new URLSearchParams('time=week');
    rerender();
    result.current[1](put('compare', 'previous'));
    expect(router.asked.at(-1)).toBe('time=week&by=country&compare=previous');
  });

  it('builds on an address the user reached another way (a link, going back)', () => {
    const { result, rerender } = renderHook(() => useSearchChange());
    result.current[1](put('time', 'week'));
    router.rendered = new URLSearchParams('time=week');
    rerender();
    router.rendered = new URLSearchParams('by=campaign');
    rerender();
    result.current[1](put('compare', 'previous'));
    expect(router.asked.at(-1)).toBe('by=campaign&compare=previous');
  });
});
