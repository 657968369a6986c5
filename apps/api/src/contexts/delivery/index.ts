export { EventPartitions } from './delivery/event-partitions';
export { productTagActivity } from './tags/service';
