import type { ReactNode } from 'react';
import { type ToastOptions, toast } from 'react-toastify';
import { markToastRaised } from './toasts-raised';

const raise = (type: 'success' | 'error' | 'info') => (message: ReactNode, options?: ToastOptions) => {
  markToastRaised();
  return toast[type](message, options);
};

/**
 * Toast notifications (spec sections 1 and 8): top-right, closed by the container's timing. The
 * first one loads the container (`ToastProvider`).
 */
export const notify = { success: raise('success'), error: raise('error'), info: raise('info') };
