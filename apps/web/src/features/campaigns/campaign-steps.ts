import type { CampaignFormValues } from './campaign-form-schema';

/** The campaign form's steps, in order; their ids are what the address keeps (`?step=`). */
export const campaignSteps = ['goal', 'targeting', 'creatives', 'schedule', 'review'] as const;
export type CampaignStep = (typeof campaignSteps)[number];

/** The address parameter of the step shown. */
export const STEP_PARAM = 'step';
/** The parameters that only choose the step: moving between steps does not leave the form. */
export const stepViewParams: readonly string[] = [STEP_PARAM];

/** The form's fields each step holds, each field in one step; the review holds none. */
export const stepFields: Record<CampaignStep, readonly (keyof CampaignFormValues)[]> = {
  goal: ['name', 'totalBudget', 'dailyBudget', 'goal', 'maxCpm', 'pacing'],
  targeting: [
    'audienceIncludeIds',
    'audienceExcludeIds',
    'countries',
    'deviceTypes',
    'operatingSystems',
    'includeDomains',
    'excludeDomains',
    'excludedCategories',
    'frequencyCap',
  ],
  creatives: ['bannerIds'],
  schedule: ['startDate', 'endDate', 'hoursOfWeek', 'clickWindowDays', 'viewWindowDays', 'holdoutBps'],
  review: [],
};

/** The step named in the address, else the first. */
export const stepOf = (param: string | null): CampaignStep =>
  campaignSteps.find((step) => step === param) ?? 'goal';

/** The steps with a field for which `invalid` holds, in order. */
export const stepsWithErrors = (invalid: (field: keyof CampaignFormValues) => boolean): CampaignStep[] =>
  campaignSteps.filter((step) => stepFields[step].some(invalid));
