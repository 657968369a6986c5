import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSideModalLayer, SIDE_MODAL_ATTRIBUTE } from './side-modal-layer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.body.style.overflow = '';
});

describe('side-modal layer', () => {
  it('is open while the counter is above zero and closes when it reaches zero', () => {
    const layer = createSideModalLayer();
    const seen: boolean[] = [];
    layer.subscribe(() => seen.push(layer.isOpen()));
    layer.open();
    layer.open();
    expect(layer.count()).toBe(2);
    layer.close();
    expect(layer.isOpen()).toBe(true);
    layer.close();
    expect(layer.isOpen()).toBe(false);
    layer.close();
    expect(layer.count()).toBe(0);
    expect(seen).toEqual([true, true, true, false]);
  });

  it('locks the page scroll while open', () => {
    const layer = createSideModalLayer();
    layer.open();
    expect(document.body.style.overflow).toBe('hidden');
    layer.close();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes at the 3000 ms check when no side-modal element exists in the page', () => {
    const layer = createSideModalLayer();
    layer.open();
    vi.advanceTimersByTime(2999);
    expect(layer.isOpen()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(layer.isOpen()).toBe(false);
  });

  it('stays open at the checks while a side-modal element exists, and closes at the first check after it goes', () => {
    const layer = createSideModalLayer();
    const element = document.createElement('div');
    element.setAttribute(SIDE_MODAL_ATTRIBUTE, '');
    document.body.append(element);
    layer.open();
    vi.advanceTimersByTime(9000);
    expect(layer.isOpen()).toBe(true);
    element.remove();
    vi.advanceTimersByTime(3000);
    expect(layer.isOpen()).toBe(false);
    expect(layer.count()).toBe(0);
  });

  it('does not check while closed', () => {
    const layer = createSideModalLayer();
    const listener = vi.fn();
    layer.subscribe(listener);
    layer.open();
    layer.close();
    listener.mockClear();
    vi.advanceTimersByTime(10_000);
    expect(listener).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
