import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockViewport } from '../test-utils/viewport';
import { createHeaderClearance } from './header-clearance';
import { createSideModalLayer, type SideModalLayer } from './side-modal-layer';
import { SidePanel, type SidePanelProps } from './side-panel';

const root = () => document.querySelector('[data-side-modal]');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let layer: ReturnType<typeof createSideModalLayer>;
beforeEach(() => {
  vi.useFakeTimers();
  layer = createSideModalLayer();
});
afterEach(() => {
  layer.reset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPanel(props: Partial<SidePanelProps> = {}) {
  const onClose = vi.fn();
  const utils = render(
    <SidePanel title="Edit banner" subtitle="Garden Shop" onClose={onClose} layer={layer} {...props}>
      <button type="button">Inside</button>
    </SidePanel>,
  );
  return { onClose, ...utils };
}

function Parent({ layer }: { layer: SideModalLayer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <SidePanel open={open} onClose={() => setOpen(false)} title="Filters" layer={layer} />
    </>
  );
}

describe('side panel', () => {
  it('is a labelled modal dialog with a title, a subtitle and a close icon, and takes focus', () => {
    renderPanel();
    const dialog = screen.getByRole('dialog', { name: 'Edit banner' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Garden Shop');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog).toHaveFocus();
  });

  it('becomes visible 100 ms after opening', () => {
    renderPanel();
    expect(root()).toHaveAttribute('data-state', 'opening');
    advance(99);
    expect(root()).toHaveAttribute('data-state', 'opening');
    advance(1);
    expect(root()).toHaveAttribute('data-state', 'open');
  });

  it('on a close request shows the closing state, then after 500 ms reports closed and calls onClose', () => {
    const states: string[] = [];
    const { onClose } = renderPanel({ onStateChange: (state) => states.push(state) });
    advance(100);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(root()).toHaveAttribute('data-state', 'closing');
    advance(499);
    expect(onClose).not.toHaveBeenCalled();
    expect(root()).not.toBeNull();
    advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(root()).toBeNull();
    expect(states).toEqual(['opening', 'open', 'closing', 'closed']);
  });

  it('closes on Escape and on a backdrop click', () => {
    const first = renderPanel();
    advance(100);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(root()).toHaveAttribute('data-state', 'closing');
    advance(500);
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = renderPanel();
    advance(100);
    fireEvent.click(root()?.firstElementChild as Element);
    advance(500);
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });

  it('closes when the close timestamp changes, not before', () => {
    const { onClose, rerender } = renderPanel({ closeTimestamp: 1 });
    advance(100);
    rerender(
      <SidePanel title="Edit banner" onClose={onClose} layer={layer} closeTimestamp={1}>
        x
      </SidePanel>,
    );
    advance(1000);
    expect(onClose).not.toHaveBeenCalled();
    rerender(
      <SidePanel title="Edit banner" onClose={onClose} layer={layer} closeTimestamp={2}>
        x
      </SidePanel>,
    );
    expect(root()).toHaveAttribute('data-state', 'closing');
    advance(500);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('follows the open prop of a controlled parent', () => {
    render(<Parent layer={layer} />);
    expect(root()).toBeNull();
    screen.getByRole('button', { name: 'Open it' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Open it' }));
    advance(100);
    expect(root()).toHaveAttribute('data-state', 'open');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    advance(500);
    expect(root()).toBeNull();
    expect(screen.getByRole('button', { name: 'Open it' })).toHaveFocus();
  });

  it('takes the position and size, with the maximum width at the right', () => {
    renderPanel({ position: 'right', size: 'xlarge', contentType: 'aside' });
    expect(root()).toHaveAttribute('data-position', 'right');
    expect(root()).toHaveAttribute('data-size', 'xlarge');
    expect(root()).toHaveAttribute('data-content-type', 'aside');
  });

  it('is forced to large at the bottom under 768px', () => {
    mockViewport(700);
    renderPanel({ position: 'right', size: 'small' });
    expect(root()).toHaveAttribute('data-position', 'bottom');
    expect(root()).toHaveAttribute('data-size', 'large');
  });

  it('keeps its own position and size at 768px', () => {
    mockViewport(768);
    renderPanel({ position: 'top', size: 'small' });
    expect(root()).toHaveAttribute('data-position', 'top');
    expect(root()).toHaveAttribute('data-size', 'small');
  });

  it('counts itself in the side-modal layer while rendered', () => {
    const { onClose } = renderPanel();
    expect(layer.count()).toBe(1);
    advance(100);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(layer.count()).toBe(1);
    advance(500);
    expect(onClose).toHaveBeenCalled();
    expect(layer.count()).toBe(0);
  });

  it('closes when the layer closes (a global open state flip)', () => {
    const { onClose } = renderPanel();
    advance(100);
    act(() => layer.reset());
    expect(root()).toHaveAttribute('data-state', 'closing');
    advance(500);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(layer.count()).toBe(0);
  });

  it('closes the topmost panel on Escape wherever the focus is (e.g. on the page after a toast click)', () => {
    const below = renderPanel({ title: 'Top up' });
    const above = renderPanel({ title: 'Request TOP-UP/7' });
    advance(100);
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const [lower, upper] = document.querySelectorAll('[data-side-modal]');
    expect(upper).toHaveAttribute('data-state', 'closing');
    expect(lower).toHaveAttribute('data-state', 'open');
    advance(500);
    expect(above.onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    advance(500);
    expect(below.onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves Escape to a control that handled it, and to a modal dialog above it', () => {
    const { onClose } = renderPanel();
    advance(100);
    const handled = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    dialog.remove();
    advance(1000);
    expect(onClose).not.toHaveBeenCalled();
    expect(root()).toHaveAttribute('data-state', 'open');
  });

  it('reports how far down its header reaches while rendered (at the right: from the top; at the bottom: above the panel)', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'HEADER' ? 64 : 500;
    });
    const clearance = createHeaderClearance();
    const right = renderPanel({ clearance });
    expect(clearance.get()).toBe(64);
    right.unmount();
    expect(clearance.get()).toBe(0);
    mockViewport(700);
    renderPanel({ clearance });
    expect(clearance.get()).toBe(window.innerHeight - 500 + 64);
    vi.restoreAllMocks();
  });
});
