import type { CampaignDto, CampaignSettingsDto } from '@rtb/shared';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import type { ApiError } from '../../lib/api-client';
import { failureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { revealFirstInvalidField } from '../../shell/form/server-errors';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { campaignFields } from './campaign-fields';
import {
  type CampaignFormValues,
  campaignFormSchema,
  derivedDailyOf,
  formValuesOf,
  todayIn,
} from './campaign-form-schema';
import { useCampaignPrefill } from './campaign-prefill';
import {
  type CampaignStep,
  campaignSteps,
  stepFields,
  stepsWithErrors,
  stepViewParams,
} from './campaign-steps';
import styles from './campaigns.module.css';
import { campaignPath, useSaveCampaign } from './campaigns-api';
import { CreativesStep } from './creatives-step';
import { ForecastPanel } from './forecast-panel';
import { GoalStep } from './goal-step';
import { ReviewStep } from './review-step';
import { ScheduleStep } from './schedule-step';
import { StepActions } from './step-actions';
import { StepIndicator } from './step-indicator';
import { TargetingStep } from './targeting-step';
import { useCampaignStep } from './use-campaign-step';

/**
 * The campaign form (new or saved) in steps: goal and budget, audience and targeting, creatives,
 * schedule, review; the step in the address, the forecast beside it. A new campaign is walked
 * (Next checks the step with the shared schema; the review creates it); a saved one opens at
 * any step and saves from any. A submit whose errors (the browser's or the API's) are all on
 * other steps opens the first of those. Amounts are typed in currency units and sent in minor
 * units. Read only without `campaigns:write`, and for an archived campaign.
 */
export function CampaignForm({
  settings,
  campaign,
  readOnly,
}: {
  settings: CampaignSettingsDto;
  campaign: CampaignDto | null;
  /** Why the form cannot be changed (the role, an archived campaign); absent when it can. */
  readOnly?: string;
}) {
  const canWrite = readOnly === undefined;
  const walked = campaign === null && canWrite;
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const today = todayIn(settings.timeZone);
  const schema = useMemo(() => campaignFormSchema(settings), [settings]);
  // A new campaign may come filled in from the address (`campaignPrefillPath`: the retargeting set-up).
  const prefill = useCampaignPrefill(campaign === null);
  const form = useApiForm(
    schema,
    { ...formValuesOf(campaign, today), ...prefill },
    { viewParams: stepViewParams },
  );
  const save = useSaveCampaign(campaign?.id ?? null);
  const values = form.watch();
  const errors = form.formState.errors;
  const currency = useCurrencyOf()(settings.currency);
  const { step, searchOf, goTo } = useCampaignStep();
  const position = campaignSteps.indexOf(step);

  // A walked campaign may reopen the steps it has reached; a saved one, any.
  const [reached, setReached] = useState(position);
  if (position > reached) setReached(position);
  const furthest = walked ? reached : campaignSteps.length - 1;

  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The fields to bring into view once the step that holds them shows. */
  const revealOnArrival = useRef<string[] | null>(null);
  const shownStep = useRef(step);
  // A new step takes the focus (its heading, or its first field in error), so keyboard and screen
  // reader users start there.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
    const fields = revealOnArrival.current;
    revealOnArrival.current = null;
    if (fields && formRef.current) revealFirstInvalidField(formRef.current, fields);
  }, [step]);

  const saveForm = form.submit(
    async (submitted) => {
      const saved = await save.mutateAsync(submitted);
      form.reset(formValuesOf(saved, today));
      notify.success(t(campaign ? 'form.saved' : 'form.created', { name: saved.name }));
      // A new campaign stays in its settings: the next step is usually there (banners, activation).
      if (!campaign) return () => navigate(`${campaignPath(saved.id)}?tab=settings`);
    },
    (error: ApiError) => (Object.keys(error.validationErrors).length > 0 ? null : failureText(t, error)),
  );
  /** After a submit: when no field of this step is in error but one of another is, that step opens. */
  const openStepWithErrors = () => {
    const invalid = (field: keyof CampaignFormValues) => form.getFieldState(field).invalid;
    const [first, ...others] = stepsWithErrors(invalid);
    if (first === undefined || first === step || others.includes(step)) return;
    revealOnArrival.current = stepFields[first].filter(invalid);
    goTo(first);
  };
  const next = async () => {
    const following = campaignSteps[position + 1];
    if (following === undefined) return;
    if (walked && !(await form.trigger(stepFields[step], { shouldFocus: true }))) return;
    goTo(following);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (walked && step !== 'review') {
      event.preventDefault();
      void next();
      return;
    }
    void saveForm(event).then(openStepWithErrors);
  };

  const fields = campaignFields(form, values);
  const derivedDaily = derivedDailyOf(values, today, campaign);
  const content: Record<CampaignStep, ReactNode> = {
    goal: <GoalStep fields={fields} settings={settings} currency={currency} derivedDaily={derivedDaily} />,
    targeting: <TargetingStep fields={fields} settings={settings} />,
    creatives: <CreativesStep fields={fields} campaign={campaign} />,
    schedule: <ScheduleStep fields={fields} settings={settings} />,
    review: (
      <ReviewStep
        values={values}
        settings={settings}
        currency={currency}
        campaign={campaign}
        derivedDaily={derivedDaily}
        searchOf={searchOf}
      />
    ),
  };

  return (
    <div className={styles.stepped}>
      <StepIndicator
        current={step}
        isDone={(other) => campaignSteps.indexOf(other) < furthest}
        canOpen={(other) => campaignSteps.indexOf(other) <= furthest}
        hasErrors={(other) => stepFields[other].some((field) => errors[field] !== undefined)}
        searchOf={searchOf}
      />
      <form
        ref={formRef}
        className={styles.stepLayout}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('form.label')}
      >
        <div className={styles.stepMain}>
          <FormError message={form.formError} />
          {readOnly && <p className={styles.note}>{readOnly}</p>}
          <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
            {t(`steps.${step}`)}
          </h2>
          <fieldset className={styles.fieldset} disabled={!canWrite}>
            <div className={styles.form}>{content[step]}</div>
          </fieldset>
        </div>
        <div className={styles.stepAside}>
          <ForecastPanel values={values} currency={currency} />
        </div>
        <StepActions
          step={step}
          walked={walked}
          canWrite={canWrite}
          isNew={campaign === null}
          saving={form.saving}
          onBack={() => goTo(campaignSteps[position - 1] ?? step)}
          onNext={() => void next()}
        />
      </form>
    </div>
  );
}
