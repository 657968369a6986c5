import { useSyncExternalStore } from 'react';

let raised = false;
const listeners = new Set<() => void>();

/** Called with every toast (`notify`): the first one mounts the container (`ToastProvider`). */
export function markToastRaised(): void {
  if (raised) return;
  raised = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast has been raised since the page loaded. */
export const useToastRaised = (): boolean => useSyncExternalStore(subscribe, () => raised);
