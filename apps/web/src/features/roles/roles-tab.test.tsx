import { roleMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { notify } from '../../shell/toast/notify';
import { ConfigurationPage } from '../configuration';
import { administrator, operator, role, rolesPage } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const path = '/panel/admin/configs';
const admin = makeMe('admin');
const reader = makeMe('admin', {
  localRole: 'viewer',
  permissions: ['configuration:read', 'roles:read'],
});
const show = (profile = admin, query = '?tab=roles') =>
  renderPage(<ConfigurationPage />, { path: `${path}${query}`, route: path, profile });
const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name: new RegExp(`^(Edit|Show) the role ${name}$`) })).closest(
    'tr',
  ) as HTMLElement;

describe('the Roles tab', () => {
  it('lists the roles with their category, permission counts and an editable or locked badge', async () => {
    const calls = stubApi({
      'GET /admin/roles': [
        200,
        rolesPage([administrator, operator, role(3, 'Designer', { category: 'agency' })]),
      ],
    });
    show();
    expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(await rowOf('Administrator'))).toEqual([
      'Administrator',
      'Admin',
      '3 permissions3 with write access',
      'Locked',
      '',
    ]);
    expect(cells(await rowOf('Operator'))).toEqual([
      'Operator',
      'Admin',
      '2 permissions1 with write access',
      'Editable',
      'Delete',
    ]);
    expect(cells(await rowOf('Designer'))).toEqual([
      'Designer',
      'Agency',
      '0 permissions',
      'Editable',
      'Delete',
    ]);
    expect(screen.getByRole('button', { name: 'Add role' })).toBeInTheDocument();
    expect(calls[0]?.query.get('perPage')).toBe('25');
    expect(calls[0]?.query.has('tab')).toBe(false);
  });

  it('searches, filters by category and sorts through the API', async () => {
    const calls = stubApi({ 'GET /admin/roles': [200, rolesPage([operator])] });
    show();
    await rowOf('Operator');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Category'), 'Agency');
    await waitFor(() => expect(calls.at(-1)?.query.get('category')).toBe('agency'));
    await user.type(screen.getByRole('searchbox', { name: 'Search roles' }), 'oper');
    await waitFor(() => expect(calls.at(-1)?.query.get('search')).toBe('oper'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(calls.at(-1)?.query.get('sort')).toBe('name'));
    expect(calls.at(-1)?.query.get('order')).toBe('asc');
  });

  it('shows the empty and error states', async () => {
    let fail = true;
    stubApi({
      'GET /admin/roles': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : [200, rolesPage([])],
    });
    show(admin, '?tab=roles&search=nothing');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No roles match')).toBeInTheDocument();
  });

  it('deletes an editable role after confirmation, and tells why a role in use stays', async () => {
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    const designer = role(3, 'Designer');
    const calls = stubApi({
      'GET /admin/roles': [200, rolesPage([operator, designer])],
      'DELETE /admin/roles/3': [200, { data: { status: 'deleted' } }],
      'DELETE /admin/roles/2': [422, { message: roleMessages.inUse, code: 422 }],
    });
    show();
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('Designer')).getByRole('button', { name: 'Delete the role Designer' }),
    );
    expect(window.confirm).toHaveBeenCalledWith('Confirm your choice');
    await waitFor(() => expect(success).toHaveBeenCalledWith('The role Designer is deleted.'));
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Delete the role Operator' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This role is assigned to users. Give them another role first.'),
    );
  });

  it('readers see the roles without add and delete', async () => {
    stubApi({ 'GET /admin/roles': [200, rolesPage([administrator, operator])] });
    show(reader);
    await rowOf('Operator');
    expect(screen.getByRole('button', { name: 'Show the role Operator' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('is not offered to a role that may not read roles, even by its link', async () => {
    const calls = stubApi({
      'GET /admin/countries': [
        200,
        { data: { countries: { elements: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } } } },
      ],
    });
    show(makeMe('admin', { localRole: 'viewer', permissions: ['configuration:read'] }));
    expect(screen.queryByRole('tab', { name: 'Roles' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/admin/countries']));
  });
});
