import { navTourStep, type PanelTour } from '../../shell/tour/panel-tour';
import { tourIds, tourTarget } from '../../shell/tour/tour-step';

/** The advertiser panel's tour: offered by the welcome popup and restartable from the profile box. */
export const advertiserTour: PanelTour = {
  steps: [
    { key: 'advertiser.logo', target: tourTarget(tourIds.logo), content: 'tour:advertiser.logo.content' },
    {
      key: 'advertiser.integrationStatus',
      target: tourTarget(tourIds.integrationStatus),
      onlyWith: 'integrations',
      title: 'tour:advertiser.integrationStatus.title',
      content: 'tour:advertiser.integrationStatus.content',
    },
    ...['integrations', 'banners', 'campaigns', 'reporting', 'payments', 'users'].map((nav) =>
      navTourStep('advertiser', nav),
    ),
  ],
};
