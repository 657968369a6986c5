import { fileUploadMessages, UPLOAD_MAX_BYTES } from '@rtb/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { contact, dismissToasts, faq, listItem, page, showSupportPage } from './test-fixtures';

const advertiser = makeMe('advertiser');
const empty = [200, { data: { formContacts: page([]) } }] as const;
const faqs = [
  200,
  {
    data: {
      faqs: page([faq(), faq({ id: 2, question: 'How fast does support answer?', answer: 'Within hours.' })]),
    },
  },
] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  // Unmounted first, so the language change below makes no request.
  cleanup();
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

const file = (name: string, content = 'PNG', type = 'image/png') => new File([content], name, { type });

describe('the FAQ', () => {
  it('is an accordion of the user’s language that searches through the API', async () => {
    const calls = stubApi({ 'GET /advertiser/faqs': faqs, 'GET /advertiser/form-contacts': empty });
    showSupportPage('advertiser', advertiser);
    const user = userEvent.setup();
    const question = await screen.findByText('How do I top up my balance?');
    const answer = screen.getByText('Go to Payments and choose Top up.');
    expect(answer).not.toBeVisible();
    await user.click(question);
    expect(answer).toBeVisible();
    expect(calls.find((c) => c.path === '/advertiser/faqs')?.query.get('locale')).toBe('en');

    await user.type(screen.getByLabelText('Search the questions'), 'top up');
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/advertiser/faqs')
          .at(-1)
          ?.query.get('search'),
      ).toBe('top up'),
    );
  });

  it('says when it shows English for want of the user’s language, when nothing matches, and when there is none', async () => {
    await act(() => i18n.changeLanguage('pl'));
    stubApi({
      'GET /agency/faqs': (call) => (call.query.get('search') ? [200, { data: { faqs: page([]) } }] : faqs),
      'GET /agency/form-contacts': empty,
    });
    showSupportPage('agency', makeMe('agency'));
    expect(
      await screen.findByText('Nie ma jeszcze pytań w Twoim języku, więc pokazujemy je po angielsku.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Szukaj w pytaniach'), 'xyz');
    expect(
      await screen.findByText(
        'Żadne pytanie nie pasuje do „xyz”. Spróbuj innych słów albo napisz do nas poniżej.',
      ),
    ).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    stubApi({
      'GET /advertiser/faqs': [200, { data: { faqs: page([]) } }],
      'GET /advertiser/form-contacts': empty,
    });
    showSupportPage('advertiser', advertiser);
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });
});

describe('the contact form', () => {
  it('checks the fields before sending anything', async () => {
    const calls = stubApi({ 'GET /advertiser/faqs': faqs, 'GET /advertiser/form-contacts': empty });
    showSupportPage('advertiser', advertiser);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a file of another type or too large before uploading it', async () => {
    const calls = stubApi({ 'GET /advertiser/faqs': faqs, 'GET /advertiser/form-contacts': empty });
    showSupportPage('advertiser', advertiser);
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Attachment (optional)');
    await user.upload(input, file('page.html', '<html>', 'text/html'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Attach an image \(PNG, JPG, GIF, WebP\)/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    const huge = file('huge.png');
    Object.defineProperty(huge, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    await user.upload(input, huge);
    expect(screen.getByRole('alert')).toHaveTextContent('The file may be at most 10 MB.');

    await user.click(screen.getByRole('button', { name: 'Remove the file' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends subject, message and the file as multipart, says so, and lists the new request', async () => {
    const sent = contact();
    let listed = false;
    const calls = stubApi({
      'GET /advertiser/faqs': faqs,
      'GET /advertiser/form-contacts': () =>
        listed ? [200, { data: { formContacts: page([listItem(sent)]) } }] : empty,
      'POST /advertiser/form-contacts': () => {
        listed = true;
        return [201, { data: { formContact: sent } }];
      },
    });
    showSupportPage('advertiser', advertiser);
    const user = userEvent.setup();
    await fill(user, 'Subject', 'Banner shows the wrong price');
    await fill(user, 'Message', 'It shows 99 PLN.');
    await user.upload(await screen.findByLabelText('Attachment (optional)'), file('price.png'));
    expect(screen.getByText('price.png (3 B)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText('Your message has been sent. We will reply here and by e-mail.'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/advertiser/form-contacts');
    expect(post?.body?.subject).toBe('Banner shows the wrong price');
    expect(post?.body?.message).toBe('It shows 99 PLN.');
    expect(post?.body?.attachment).toBeInstanceOf(File);
    expect((post?.body?.attachment as File | undefined)?.name).toBe('price.png');
    // The form is empty again and the request is listed.
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Open the request “Banner shows the wrong price”' }),
    ).toBeInTheDocument();
  });

  it('shows the API’s verdict on the file on the attachment field', async () => {
    stubApi({
      'GET /advertiser/faqs': faqs,
      'GET /advertiser/form-contacts': empty,
      'POST /advertiser/form-contacts': validationError({ attachment: [fileUploadMessages.contentMismatch] }),
    });
    showSupportPage('advertiser', advertiser);
    const user = userEvent.setup();
    await fill(user, 'Subject', 'Hello');
    await fill(user, 'Message', 'See the file.');
    await user.upload(await screen.findByLabelText('Attachment (optional)'), file('renamed.png'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The content of the file does not match its extension.',
    );
  });
});

describe('previous requests', () => {
  it('lists them with their status; one opens with its message, attachment and replies', async () => {
    const answered = contact({
      status: 'in_progress',
      commentCount: 1,
      comments: [
        {
          id: 1,
          createdAt: '2024-05-01 11:00:00',
          content: 'We fixed the feed.',
          author: { id: 2, name: 'Ada Admin' },
        },
      ],
    });
    stubApi({
      'GET /advertiser/faqs': faqs,
      'GET /advertiser/form-contacts': [200, { data: { formContacts: page([listItem(answered)]) } }],
      'GET /advertiser/form-contacts/7': [200, { data: { formContact: answered } }],
      'GET /advertiser/file-uploads/3/download': [200, 'PNG bytes'],
    });
    // The attachment is fetched like any call (no token in its URL) and saved under its own name.
    URL.createObjectURL = vi.fn(() => 'blob:attachment');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    showSupportPage('advertiser', advertiser);
    const row = (
      await screen.findByRole('button', { name: 'Open the request “Banner shows the wrong price”' })
    ).closest('tr') as HTMLElement;
    expect(within(row).getByText('In progress')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Banner shows the wrong price' });
    expect(within(dialog).getByText(/It costs 89 PLN\./)).toBeInTheDocument();
    expect(within(dialog).getByText('We fixed the feed.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Ada Admin · support team/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download price.png' }));
    await waitFor(() => expect(saved).toEqual(['price.png blob:attachment']));
    const downloads = vi
      .mocked(fetch)
      .mock.calls.map(([url]) => String(url))
      .filter((url) => url.includes('/download'));
    expect(downloads).toEqual(['/api/advertiser/file-uploads/3/download']);
    click.mockRestore();
  });

  it('opens the request an e-mail links to (?contact=), and says when no reply came yet', async () => {
    stubApi({
      'GET /advertiser/faqs': faqs,
      'GET /advertiser/form-contacts': empty,
      'GET /advertiser/form-contacts/7': [200, { data: { formContact: contact({ attachment: null }) } }],
    });
    showSupportPage('advertiser', advertiser, '?contact=7');
    const dialog = await screen.findByRole('dialog', { name: 'Banner shows the wrong price' });
    expect(within(dialog).getByText('No reply yet. We will answer soon.')).toBeInTheDocument();
    expect(screen.getByText('No requests yet')).toBeInTheDocument();
  });

  it('is not offered to a role without the support permission', async () => {
    stubApi({});
    showSupportPage(
      'advertiser',
      makeMe('advertiser', { localRole: 'viewer', permissions: ['reports:read'] }),
    );
    expect(await screen.findByText(/Help & Support/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
