import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('shows Loading until the page has loaded, then the page with its props', async () => {
    let loaded: (page: (props: { name: string }) => React.ReactNode) => void = () => {};
    const Page = lazyPage<{ name: string }>(() => new Promise((resolve) => (loaded = resolve)));
    render(<Page name="Reports" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    loaded(({ name }) => <h1>{name}</h1>);
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
