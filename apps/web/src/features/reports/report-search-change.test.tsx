import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSearchChangeOf } from './report-params';

// The router's address as the page last rendered it, and every address the hook asked for. The
// router applies each change in a transition, so it can render one change while a later one waits.
const router = {
  rendered: new URLSearchParams(),
  asked: [] as string[],
};
const useSearchChange = () =>
  useSearchChangeOf([
    router.rendered,
    (next) => {
      router.asked.push(next.toString());
    },
  ]);

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
