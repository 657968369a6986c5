import { connect } from '@nats-io/transport-node';
import { replayParked } from './trackers/jetstream/replay-parked';

/**
 * `npm run replay-parked`: moves the parked events back to the event stream on NATS_URL
 * (RTB_NATS_STREAM, default RTB_EVENTS) for the bidders to fold again (docs/operations.md).
 */
const url = process.env.NATS_URL;
if (!url) {
  console.error('NATS_URL is not set: parked events are in NATS only when the event log is there.');
  process.exit(1);
}
const nc = await connect({ servers: url.split(','), timeout: 2_000 });
try {
  const moved = await replayParked(nc, process.env.RTB_NATS_STREAM || 'RTB_EVENTS');
  console.log(`${moved} parked events moved back to the event stream.`);
} finally {
  await nc.close();
}
