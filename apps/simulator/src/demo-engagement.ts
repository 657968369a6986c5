/**
 * How the demo's simulated visitors engage with ads (`npm start`'s demo traffic): display CTR
 * about 0.3 %, a few per cent of clicks ordering, modest orders. With the demo campaigns' CPMs
 * this keeps ROAS in the low hundreds of per cent, as real display campaigns report.
 */
export const demoEngagement = { ctr: 0.003, cvr: 0.025, orderMedianPln: 80 } as const;
