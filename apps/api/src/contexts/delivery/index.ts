export { productTagActivity } from './tags/service';
