import type { AccountKind } from '@rtb/shared';
import { NotAvailable } from '../../shell/not-available';

/** The user's own details and password (built next). */
export function MePage({ kind: _kind }: { kind: AccountKind }) {
  return <NotAvailable title="User Settings" />;
}
