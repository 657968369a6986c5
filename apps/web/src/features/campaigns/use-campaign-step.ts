import { useSearchParams } from 'react-router';
import { type CampaignStep, STEP_PARAM, stepOf } from './campaign-steps';

/** The address's parameters with `step` as the step. */
function withStep(params: URLSearchParams, step: CampaignStep): URLSearchParams {
  const query = new URLSearchParams(params);
  query.set(STEP_PARAM, step);
  return query;
}

/**
 * The campaign form's step, kept in the address (`?step=`, beside the page's own parameters: the
 * tab, a new campaign's prefill), so Back and a reload come back to it. `searchOf` is a step's
 * address (for links), `goTo` opens it as a new history entry.
 */
export function useCampaignStep() {
  const [params, setParams] = useSearchParams();
  return {
    step: stepOf(params.get(STEP_PARAM)),
    searchOf: (step: CampaignStep) => `?${withStep(params, step)}`,
    goTo: (step: CampaignStep) => setParams((current) => withStep(current, step)),
  };
}
