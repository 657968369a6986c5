import type { OutcomeBehaviour } from './outcome';

/**
 * How the demo's simulated visitors behave (`npm start`'s demo traffic plays the outcome world):
 * display CTR about 0.3 %, a couple of per cent of clicks ordering, modest orders. With the demo
 * campaigns' CPMs this keeps ROAS in the low hundreds of per cent, as real display campaigns
 * report. Visitors browse the shop more often than the world's default, so that the retargeting
 * campaign has someone to find minutes after the start.
 */
export const demoEngagement: OutcomeBehaviour = {
  ctr: 0.0018,
  cvr: 0.003,
  propensity: 0.00002,
  visitRate: 0.05,
};
