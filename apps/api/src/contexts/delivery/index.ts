export { viewStatuses } from './rtb-views/view-status';
export { productTagActivity } from './tags/service';
