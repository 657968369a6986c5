import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '../../lib/storage';
import { clearCookies } from '../test-utils/fixtures';
import {
  hasAgencySession,
  pageNavigation,
  returnToAdminAccount,
  returnToAgencyAccount,
} from './swap-session';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearCookies();
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

describe('swap session', () => {
  it('returns to the admin account: the source token becomes the auth token and the admin prefix reloads', () => {
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    cookies.set('agencyToken', 'agency-token');
    cookies.set('advertiserId', '30');
    returnToAdminAccount();
    expect(cookies.get('authToken')).toBe('admin-token');
    expect(cookies.get('sourceToken')).toBeUndefined();
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(cookies.get('advertiserId')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/panel/admin');
  });

  it('without a source token drops the session, so the admin logs in again', () => {
    cookies.set('authToken', 'advertiser-token');
    returnToAdminAccount();
    expect(cookies.get('authToken')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/panel/admin');
  });

  it('goes back to the agency account: the agency token becomes the auth token and the agency prefix reloads', () => {
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    cookies.set('agencyToken', 'agency-token');
    cookies.set('advertiserId', '30');
    expect(hasAgencySession()).toBe(true);
    returnToAgencyAccount();
    expect(cookies.get('authToken')).toBe('agency-token');
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(cookies.get('advertiserId')).toBeUndefined();
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(hasAgencySession()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/panel/agency');
  });
});
