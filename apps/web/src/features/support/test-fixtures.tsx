import type { FaqDto, FormContactDto, MeDto } from '@rtb/shared';
import { act } from '@testing-library/react';
import { toast } from 'react-toastify';
import { renderPage } from '../../account/account-test-utils';
import { ToastProvider } from '../../shell/toast/toaster';
import { AdminSupportPage } from './admin-support-page';
import { SupportPage } from './support-page';

export function dismissToasts() {
  act(() => toast.dismiss());
}

export const page = <T,>(elements: T[], meta = {}) => ({
  elements,
  meta: { page: 1, perPage: 25, total: elements.length, lastPage: 1, ...meta },
});

/** The customer support page of a panel at `query`, with toasts. */
export const showSupportPage = (panel: 'agency' | 'advertiser', profile: MeDto, query = '') =>
  renderPage(
    <ToastProvider>
      <SupportPage panel={panel} />
    </ToastProvider>,
    { path: `/panel/${panel}/support${query}`, route: `/panel/${panel}/support`, profile },
  );

export const showAdminPage = (profile: MeDto, query = '') =>
  renderPage(
    <ToastProvider>
      <AdminSupportPage />
    </ToastProvider>,
    { path: `/panel/admin/support${query}`, route: '/panel/admin/support', profile },
  );

const at = '2024-05-01 10:00:00';

export const faq = (overrides: Partial<FaqDto> = {}): FaqDto => ({
  id: 1,
  createdAt: at,
  updatedAt: at,
  locale: 'en',
  question: 'How do I top up my balance?',
  answer: 'Go to Payments and choose Top up.',
  position: 10,
  enabled: true,
  ...overrides,
});

export const contact = (overrides: Partial<FormContactDto> = {}): FormContactDto => ({
  id: 7,
  createdAt: at,
  updatedAt: at,
  subject: 'Banner shows the wrong price',
  status: 'new',
  organisation: { kind: 'advertiser', id: 4, name: 'Demo Shop' },
  submitter: { id: 5, name: 'Ewa Nowak', email: 'ewa@example.com' },
  attachment: { id: 3, createdAt: at, type: 'image', name: 'price.png', mimeType: 'image/png', size: 2048 },
  commentCount: 0,
  lastCommentAt: null,
  message: 'It shows 99 PLN.\nIt costs 89 PLN.',
  comments: [],
  ...overrides,
});

export const listItem = (value: FormContactDto) => {
  const { message: _message, comments: _comments, ...item } = value;
  return item;
};
