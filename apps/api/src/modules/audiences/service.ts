/** The audiences module's surface for other modules (campaigns check their targeting with it). */
export { ownAudienceIds } from './repository';
