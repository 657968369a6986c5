import { runBidder } from './process/run-bidder';

/** `npm run bidder`: the bidder on its own (`runBidder`; docs/operations.md, 'One bidder per core'). */
await runBidder();
