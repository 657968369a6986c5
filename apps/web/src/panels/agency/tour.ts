import { navTourStep, type PanelTour } from '../../shell/tour/panel-tour';
import { tourIds, tourTarget } from '../../shell/tour/tour-step';

/**
 * The agency advertisers tour (spec section 4, 'Guide steps for agencies'): it starts by itself
 * when a non-service user opens the advertisers route, and can be restarted on any agency page.
 */
export const agencyTour: PanelTour = {
  autoStartPath: 'advertisers',
  steps: [
    { key: 'agency.logo', target: tourTarget(tourIds.logo), content: 'tour:agency.logo.content' },
    ...['advertisers', 'reporting', 'payments', 'users'].map((nav) => navTourStep('agency', nav)),
  ],
};
