import type { ReactNode } from 'react';
import { type ToastOptions, toast } from 'react-toastify';

/** Toast notifications (spec sections 1 and 8): top-right, closed by the container's timing. */
export const notify = {
  success: (message: ReactNode, options?: ToastOptions) => toast.success(message, options),
  error: (message: ReactNode, options?: ToastOptions) => toast.error(message, options),
  info: (message: ReactNode, options?: ToastOptions) => toast.info(message, options),
};
