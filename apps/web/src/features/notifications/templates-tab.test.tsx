import { emailTemplateKeys, notificationMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, stubApi, validationError } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import enTexts from '../../locales/en/notifications.json';
import plTexts from '../../locales/pl/notifications.json';
import { notify } from '../../shell/toast/notify';
import {
  dismissToasts,
  lastQuery,
  page,
  polishTemplateEntry,
  showPage,
  templateDetail,
  templateEntry,
  viewer,
} from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const templates = [200, { data: { emailTemplates: page([templateEntry, polishTemplateEntry]) } }] as const;
/** Renders a draft the way the API would, so the preview shows what was typed. */
const renderDraft = (call: Call) =>
  [
    200,
    {
      data: {
        emailTemplateHtml: {
          subject: String(call.body?.subject).replace('{{productName}}', 'RTB Panel'),
          html: String(call.body?.html).replace('{{firstName}}', 'Emma'),
        },
      },
    },
  ] as const;

function stubTemplates(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /admin/email-templates': templates,
    'GET /admin/email-templates/3': [200, { data: { emailTemplate: templateDetail } }],
    'POST /admin/email-templates/preview': renderDraft,
    ...extra,
  });
}

const previews = (calls: Call[]) => calls.filter((c) => c.path === '/admin/email-templates/preview');

async function openEditor(profile?: typeof viewer) {
  showPage('?tab=templates', profile);
  const name = profile ? 'View Password reset (English)' : 'Edit Password reset (English)';
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: profile ? 'Password reset (English)' : name });
}

describe('Templates tab', () => {
  it('lists the templates per key and language, and filters, searches and sorts through the API', async () => {
    const calls = stubTemplates();
    showPage('?tab=templates');
    expect(screen.getByRole('tab', { name: 'Templates' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByRole('button', { name: 'Edit Password reset (Polski)' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Password reset')).toBeInTheDocument();
    expect(within(row).getByText('password-reset')).toBeInTheDocument();
    expect(within(row).getByText('Zresetuj hasło w {{productName}}')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime('2024-05-02 09:00:00'))).toBeInTheDocument();

    const user = userEvent.setup();
    const query = () =>
      lastQuery(
        calls.filter((c) => c.query.get('perPage') !== '100'),
        '/admin/email-templates',
      );
    await user.type(screen.getByLabelText('Search by key or subject'), 'reset');
    await user.selectOptions(screen.getByLabelText('Language'), 'pl');
    await user.selectOptions(screen.getByLabelText('Template'), 'password-reset');
    await waitFor(() =>
      expect(query()).toMatchObject({ search: 'reset', locale: 'pl', key: 'password-reset' }),
    );
    await user.click(screen.getByRole('button', { name: /^Template/ }));
    await waitFor(() => expect(query()).toMatchObject({ sort: 'key', order: 'desc' }));
  });

  it('shows the empty and error states', async () => {
    stubApi({ 'GET /admin/email-templates': [200, { data: { emailTemplates: page([]) } }] });
    const { unmount } = showPage('?tab=templates');
    expect(await screen.findByText('No templates')).toBeInTheDocument();
    unmount();
    stubApi({
      'GET /admin/email-templates': [
        503,
        { message: 'The system is currently under maintenance. Please try again later.', code: 503 },
      ],
    });
    showPage('?tab=templates');
    expect(await screen.findByRole('alert')).toHaveTextContent('The system is currently under maintenance.');
  });

  it('edits a template with a live preview that follows the typing, once it pauses', async () => {
    const calls = stubTemplates();
    const dialog = await openEditor();
    const subject = within(dialog).getByLabelText('Subject');
    const html = within(dialog).getByLabelText('HTML');
    expect(subject).toHaveValue('Reset your {{productName}} password');
    expect(html).toHaveValue(templateDetail.html);
    const placeholders = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(placeholders).toEqual([
      '{{productName}}',
      '{{firstName}}',
      '{{link}}required',
      '{{validMinutes}}',
    ]);

    // The stored template first, rendered with the sample values.
    const frame = await within(dialog).findByTitle('Preview of the template with sample values');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello Emma</p><a href="{{link}}">Set a new password</a>');
    expect(within(dialog).getByText('Reset your RTB Panel password')).toBeInTheDocument();
    expect(previews(calls)).toHaveLength(1);
    expect(previews(calls)[0]?.body).toMatchObject({ key: 'password-reset', locale: 'en' });

    const user = userEvent.setup();
    await user.clear(html);
    await user.type(html, '<h1>Hi {{{{firstName}}</h1>');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toBe('<h1>Hi Emma</h1>'));
    // One more rendering for the whole burst of typing, not one per key.
    expect(previews(calls)).toHaveLength(2);
    expect(previews(calls)[1]?.body).toMatchObject({ html: '<h1>Hi {{firstName}}</h1>' });
  });

  it('saves and closes; the server puts its placeholder errors on the fields first', async () => {
    const success = vi.spyOn(notify, 'success');
    let attempt = 0;
    const calls = stubTemplates({
      'PUT /admin/email-templates/3': (call) => {
        attempt += 1;
        if (attempt === 1)
          return validationError({
            subject: [notificationMessages.unknownPlaceholder('lastName')],
            html: [notificationMessages.missingPlaceholder('link')],
          });
        return [200, { data: { emailTemplate: { ...templateDetail, ...call.body } } }];
      },
    });
    const dialog = await openEditor();
    const user = userEvent.setup();
    const subject = within(dialog).getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'Hi {{{{lastName}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(
      await within(dialog).findByText('{{lastName}} is not a placeholder of this e-mail.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Keep the {{link}} placeholder: this e-mail needs it.'),
    ).toBeInTheDocument();
    expect(subject).toHaveAccessibleDescription('{{lastName}} is not a placeholder of this e-mail.');

    await user.clear(subject);
    await user.type(subject, 'New password');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('The template is saved. New e-mails use it from now on.'),
    );
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      subject: 'New password',
      html: templateDetail.html,
      _method: 'PUT',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('checks the form before asking the server', async () => {
    const calls = stubTemplates();
    const dialog = await openEditor();
    await userEvent.clear(within(dialog).getByLabelText('Subject'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('shows a role that may only read the template and its preview, without saving', async () => {
    stubTemplates();
    const dialog = await openEditor(viewer);
    expect(within(dialog).getByLabelText('Subject')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('HTML')).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('button', { name: 'Save template' })).not.toBeInTheDocument();
    expect(
      await within(dialog).findByTitle('Preview of the template with sample values'),
    ).toBeInTheDocument();
  });
});

describe('template names', () => {
  it('names every e-mail the platform sends, in both languages', () => {
    for (const key of emailTemplateKeys)
      for (const texts of [enTexts, plTexts]) {
        const name = (texts.templateKeys as Record<string, string>)[key];
        expect(name, key).toBeTruthy();
        expect(name, key).not.toBe(key);
      }
  });
});
