import type { MeDto } from '@rtb/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { ProfileProvider } from '../auth/profile-context';

/** Renders a component inside a router and a profile, as the app does. */
export function renderWithApp(ui: ReactNode, options: { path?: string; profile?: MeDto | null } = {}) {
  return render(
    <ProfileProvider initial={options.profile ?? null}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
    </ProfileProvider>,
  );
}
