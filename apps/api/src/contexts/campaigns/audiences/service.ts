/**
 * The audiences module's surface for other modules: campaigns check their targeting with it, and
 * the delivery snapshot reads each campaign's audiences through it.
 */
export { ownAudienceIds } from './repository';
