import { roleMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fill,
  type Handler,
  makeMe,
  renderPage,
  stubApi,
  validationError,
} from '../../account/account-test-utils';
import { notify } from '../../shell/toast/notify';
import { ConfigurationPage } from '../configuration';
import { administrator, catalogue, operator, rolesPage } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const path = '/panel/admin/configs';
const admin = makeMe('admin');
const reader = makeMe('admin', { localRole: 'viewer', permissions: ['configuration:read', 'roles:read'] });
const show = (profile = admin) =>
  renderPage(<ConfigurationPage />, { path: `${path}?tab=roles`, route: path, profile });
const stub = (handlers: Record<string, Handler> = {}) =>
  stubApi({
    'GET /admin/roles': [200, rolesPage([administrator, operator])],
    'GET /admin/permissions': [200, { data: { permissions: catalogue } }],
    ...handlers,
  });
const radio = (dialog: HTMLElement, name: string) => within(dialog).getByRole('radio', { name });
const open = async (label: string) => {
  await userEvent.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog');
};

describe('the role editor', () => {
  it('creates a role in a category with the chosen permissions', async () => {
    const success = vi.spyOn(notify, 'success');
    const calls = stub({
      'POST /admin/roles': (call) => [201, { data: { role: { ...operator, id: 9, name: call.body?.name } } }],
    });
    show();
    const dialog = await open('Add role');
    expect(dialog).toHaveAccessibleName('New role');
    const user = userEvent.setup();
    await fill(user, 'Name', 'Auditor');
    await user.click(await within(dialog).findByRole('radio', { name: 'Reports: Read' }));
    // Another category has other resources: the grants start again.
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Agency');
    expect(within(dialog).queryByRole('radio', { name: 'Reports: Read' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('columnheader', { name: 'Money' })).toBeInTheDocument();
    expect(radio(dialog, 'Payments: None')).toBeChecked();
    await user.click(radio(dialog, 'Payments: Write'));
    await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The role Auditor is created.'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Auditor',
      category: 'agency',
      permissions: [{ resource: 'payments', mode: 'write' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.path === '/admin/roles' && c.method === 'GET')).toHaveLength(2);
  });

  it('shows the role as it is, and saves its new name and permission set', async () => {
    const calls = stub({
      'PUT /admin/roles/2': (call) => [200, { data: { role: { ...operator, name: call.body?.name } } }],
    });
    show();
    const dialog = await open('Edit the role Operator');
    expect(dialog).toHaveAccessibleName('Edit role: Operator');
    expect(dialog).toHaveAccessibleDescription('Admin · operator');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Operator');
    expect(await within(dialog).findByRole('radio', { name: 'Admin users: Read' })).toBeChecked();
    expect(radio(dialog, 'Agency users: None')).toBeChecked();
    expect(radio(dialog, 'Reports: Write')).toBeChecked();
    expect(within(dialog).queryByLabelText('Category')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Senior operator');
    await user.click(radio(dialog, 'Admin users: None'));
    await user.click(radio(dialog, 'Agency users: Write'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      _method: 'PUT',
      name: 'Senior operator',
      permissions: [
        { resource: 'reports', mode: 'write' },
        { resource: 'agency-users', mode: 'write' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts the API's field errors on the name and above the permissions, in the interface language", async () => {
    stub({
      'PUT /admin/roles/2': validationError({
        name: [roleMessages.nameTaken],
        'permissions.0.resource': [roleMessages.unknownResource],
      }),
    });
    show();
    const dialog = await open('Edit the role Operator');
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A role with this name already exists in this category.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Choose permissions of this role’s category.')).toBeInTheDocument();
    // Changing a permission clears the error of the permissions.
    await user.click(radio(dialog, 'Reports: Read'));
    expect(within(dialog).queryByText('Choose permissions of this role’s category.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('tells a refusal without field errors above the form', async () => {
    stub({ 'PUT /admin/roles/2': [422, { message: roleMessages.notEditable, code: 422 }] });
    show();
    const dialog = await open('Edit the role Operator');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This role cannot be changed or deleted.',
    );
  });

  it('shows a role that is not editable read-only', async () => {
    stub();
    show();
    const dialog = await open('Show the role Administrator');
    expect(dialog).toHaveAccessibleName('Role: Administrator');
    expect(within(dialog).getByText(/it may always do everything and cannot be changed/)).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: 'Reports: Write' })).toBeChecked();
    for (const input of within(dialog).getAllByRole('radio')) expect(input).toBeDisabled();
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Role: Administrator' });
    expect(within(form).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('shows an editable role read-only to readers', async () => {
    stub();
    show(reader);
    const dialog = await open('Show the role Operator');
    expect(dialog).toHaveAccessibleName('Role: Operator');
    expect(within(dialog).getByText('You may look at roles but not change them.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('radio', { name: 'Admin users: Read' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('offers to try again when the permission list cannot be loaded', async () => {
    let fail = true;
    stub({
      'GET /admin/permissions': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : [200, { data: { permissions: catalogue } }],
    });
    show();
    const dialog = await open('Edit the role Operator');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('radio', { name: 'Reports: Write' })).toBeChecked();
  });
});
