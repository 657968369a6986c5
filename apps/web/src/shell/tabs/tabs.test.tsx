import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { Tabs, useUrlTab } from './tabs';

const fruits = ['apples', 'pears', 'plums'] as const;

function Fruits() {
  const [active, choose] = useUrlTab(fruits);
  const location = useLocation();
  return (
    <Tabs id="fruit" label="Fruit" tabs={fruits} active={active} onChoose={choose} labelOf={(f) => f}>
      <p>
        {active} at {location.search || '(no query)'}
      </p>
    </Tabs>
  );
}

describe('Tabs with the tab in the URL', () => {
  it('starts on the tab the URL names, and the first one has no parameter', async () => {
    renderWithApp(<Fruits />, { path: '/fruit?tab=pears&page=3' });
    expect(screen.getByRole('tab', { name: 'pears' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'pears' })).toHaveTextContent('pears at ?tab=pears&page=3');

    await userEvent.click(screen.getByRole('tab', { name: 'apples' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('apples at (no query)');
  });

  it("moves with the arrow keys, wrapping around, and drops the previous tab's parameters", async () => {
    renderWithApp(<Fruits />, { path: '/fruit?page=2' });
    screen.getByRole('tab', { name: 'apples' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'plums' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('plums at ?tab=plums');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'apples' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'plums' })).toHaveAttribute('tabindex', '-1');
  });
});
