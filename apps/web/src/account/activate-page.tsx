import type { AccountKind } from '@rtb/shared';
import { NotAvailable } from '../shell/not-available';
import { AccountLayout } from './account-layout';

export function ActivatePage({ kind: _kind }: { kind: AccountKind }) {
  return (
    <AccountLayout>
      <NotAvailable title="ActivatePage" />
    </AccountLayout>
  );
}
