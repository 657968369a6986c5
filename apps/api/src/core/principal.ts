import type { AccountKind, UserType } from '@rtb/shared';

/** The signed-in account with its profile, role and permissions: everything `me` shows. */
export interface Principal {
  accountId: number;
  login: string;
  kind: AccountKind;
  enabled: boolean;
  emailVerified: boolean;
  locale: string;
  hasPassword: boolean;
  createdAt: Date;
  updatedAt: Date;
  tokenId: number;
  /** When the token stops working: its own expiry, or its source's if that comes first. */
  expiresAt: Date;
  /** Set on a "log in as" token: the account of the admin or agency user acting. */
  impersonatorAccountId: number | null;
  /** Set when the impersonator was impersonated in turn: the admin behind an agency user. */
  rootImpersonatorAccountId: number | null;
  profile: {
    id: number;
    firstName: string;
    lastName: string;
    phone: string | null;
    avatarColor: string;
    /** Already in the API's datetime format. */
    createdAt: string;
    updatedAt: string;
    type: UserType | null;
    role: { id: number; slug: string; name: string };
    agency: { id: number; name: string } | null;
    advertiser: { id: number; name: string; agencyId: number | null } | null;
  } | null;
  permissions: string[];
}
