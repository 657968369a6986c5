import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { DataTable } from './data-table';
import { Pagination } from './pagination';
import { useListParams } from './use-list-params';

type Row = { id: number; name: string };
const columns = [{ key: 'name', header: 'Name', cell: (r: Row) => r.name, sortField: 'name' }];

describe('DataTable', () => {
  it('shows the rows, and the sort state on the sorted column', async () => {
    const onSort = vi.fn();
    renderWithApp(
      <DataTable
        caption="Agencies"
        columns={columns}
        rows={[{ id: 1, name: 'Demo Agency' }]}
        rowKey={(r) => r.id}
        sort="name"
        order="desc"
        onSort={onSort}
        empty={{ title: 'No agencies' }}
      />,
    );
    expect(screen.getByRole('cell', { name: 'Demo Agency' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSort).toHaveBeenCalledWith('name');
  });

  it('shows the empty state, and the error state with a retry', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithApp(
      <DataTable
        caption="x"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty={{ title: 'No agencies yet' }}
      />,
    );
    expect(screen.getByText('No agencies yet')).toBeInTheDocument();
    rerender(
      <DataTable
        caption="x"
        columns={columns}
        rows={undefined}
        rowKey={(r) => r.id}
        error="Communication error"
        onRetry={onRetry}
        empty={{ title: 'No agencies yet' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Communication error');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('Pagination', () => {
  it('says where the page is and disables the ends', async () => {
    const onPage = vi.fn();
    renderWithApp(<Pagination meta={{ page: 1, perPage: 25, total: 60, lastPage: 3 }} onPage={onPage} />);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});

function ParamsProbe() {
  const { apiParams, update, toggleSort } = useListParams();
  const location = useLocation();
  return (
    <>
      <p data-testid="search">{location.search}</p>
      <p data-testid="api">{JSON.stringify(apiParams)}</p>
      <button type="button" onClick={() => toggleSort('name')}>
        sort
      </button>
      <button type="button" onClick={() => update({ status: 'verified' })}>
        filter
      </button>
    </>
  );
}

describe('useListParams', () => {
  it('keeps paging, sorting and filters in the URL; a new filter goes back to page 1', async () => {
    renderWithApp(<ParamsProbe />, { path: '/list?page=3&search=demo' });
    expect(JSON.parse(screen.getByTestId('api').textContent ?? '')).toMatchObject({
      page: 3,
      search: 'demo',
    });
    await userEvent.click(screen.getByRole('button', { name: 'filter' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?search=demo&status=verified');
    await userEvent.click(screen.getByRole('button', { name: 'sort' }));
    await userEvent.click(screen.getByRole('button', { name: 'sort' }));
    expect(JSON.parse(screen.getByTestId('api').textContent ?? '')).toMatchObject({
      page: 1,
      sort: 'name',
      order: 'desc',
      status: 'verified',
    });
  });
});
