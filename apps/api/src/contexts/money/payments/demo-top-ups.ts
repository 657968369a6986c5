import type { DemoTopUp } from '@rtb/db';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { accountActor } from '../../platform';
import { manualOperation } from './manual-operation';

/**
 * Posts the demo data's top-ups (`demoTopUpsDue`) as the system's manual top-ups: the same
 * ledger transaction, log and activity row as an admin's, each in its own database transaction.
 */
export async function postDemoTopUps(deps: AppDeps, topUps: readonly DemoTopUp[]): Promise<void> {
  for (const topUp of topUps)
    await inTransaction(deps, (tx) =>
      manualOperation(
        tx,
        { advertiserId: topUp.advertiserId },
        { type: 'manual_top_up', amount: topUp.amount, reason: topUp.reason },
        accountActor(),
      ),
    );
}
