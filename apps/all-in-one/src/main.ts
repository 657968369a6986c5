import { runBidder } from '@rtb/bidder';
import { loadRole } from './role';
import { runPanels } from './run-panels';
import { runWorker } from './run-worker';

/**
 * `npm start` / `npm run serve`: what this process runs is its ROLE (docs/operations.md, 'Roles'):
 * `all` (the default) composes the API, the web app, the bidder, the workers and the demo traffic
 * in one process; `api`, `bidder` and `worker` run one part each, sharing PostgreSQL and Redis.
 */
let role: ReturnType<typeof loadRole>;
try {
  role = loadRole();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (role === 'bidder') await runBidder();
else if (role === 'worker') await runWorker();
else await runPanels(role);
