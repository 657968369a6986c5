export { EventPartitions } from './delivery/event-partitions';
export { startPartitionWorker } from './delivery/partition-worker';
export { productTagActivity } from './tags/service';
