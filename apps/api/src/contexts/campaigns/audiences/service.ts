/**
 * The audiences module's surface for other modules: campaigns check their targeting with it, and
 * the delivery snapshot reads each campaign's audiences through it; the forecast their sizes.
 */
export { audienceSizesOf, ownAudienceIds } from './repository';
