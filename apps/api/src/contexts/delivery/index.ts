export { getViewStatus } from './rtb-views/view-status';
export { productTagActivity } from './tags/service';
