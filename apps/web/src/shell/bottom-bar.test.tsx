import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { BottomBar } from './bottom-bar';
import { adminMe, advertiserMe, advertiserUser, agencyMe, agencyUser } from './test-utils/fixtures';

describe('bottom bar', () => {
  it("links the advertiser panel to the advertiser's own page", () => {
    renderWithApp(<BottomBar kind="advertiser" />, { profile: advertiserMe() });
    expect(screen.getByRole('link', { name: /Garden Shop/ })).toHaveAttribute(
      'href',
      '/panel/advertiser/advertisers/me',
    );
  });

  it('links the agency panel to the agency profile page', () => {
    renderWithApp(<BottomBar kind="agency" />, { profile: agencyMe() });
    expect(screen.getByRole('link', { name: /Bright Agency/ })).toHaveAttribute(
      'href',
      '/panel/agency/agencies/me',
    );
  });

  it("links the admin panel to the admin's own page with the admin's name", () => {
    renderWithApp(<BottomBar kind="admin" />, { profile: adminMe() });
    expect(screen.getByRole('link', { name: /Ada Admin/ })).toHaveAttribute('href', '/panel/admin/me');
  });

  it('shows the name without a link for service users', () => {
    const { unmount } = renderWithApp(<BottomBar kind="advertiser" />, {
      profile: advertiserMe({ advertiserUser: advertiserUser({ type: 'service' }) }),
    });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Garden Shop').parentElement).toHaveAttribute('aria-disabled', 'true');
    unmount();

    renderWithApp(<BottomBar kind="agency" />, {
      profile: agencyMe({ agencyUser: agencyUser({ type: 'service' }) }),
    });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Bright Agency').parentElement).toHaveAttribute('aria-disabled', 'true');
  });
});
