import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CampaignStep, campaignSteps } from './campaign-steps';
import styles from './step-indicator.module.css';

/**
 * Where the campaign set-up stands: its steps in order, the current one marked for assistive
 * technology (`aria-current="step"`), those done ticked, those with an error flagged. A step that
 * may be opened directly is a link; narrow screens show the numbers and "Step 2 of 5 · title".
 */
export function StepIndicator({
  current,
  isDone,
  canOpen,
  hasErrors,
  searchOf,
}: {
  current: CampaignStep;
  isDone: (step: CampaignStep) => boolean;
  canOpen: (step: CampaignStep) => boolean;
  hasErrors: (step: CampaignStep) => boolean;
  searchOf: (step: CampaignStep) => string;
}) {
  const { t } = useTranslation('campaigns');
  const index = campaignSteps.indexOf(current);
  return (
    <nav className={styles.indicator} aria-label={t('steps.label')}>
      <p className={styles.progress}>
        {t('steps.progress', {
          number: index + 1,
          count: campaignSteps.length,
          title: t(`steps.${current}`),
        })}
      </p>
      <ol className={styles.steps}>
        {campaignSteps.map((step, position) => {
          const invalid = hasErrors(step);
          const done = !invalid && step !== current && isDone(step);
          const state = invalid ? t('steps.invalid') : done ? t('steps.done') : null;
          const content = (
            <>
              <span className={styles.number} aria-hidden="true">
                {invalid ? '!' : done ? '✓' : position + 1}
              </span>
              <span className={styles.title}>
                {t(`steps.${step}`)}
                {state && (
                  <>
                    {' '}
                    <span className="visually-hidden">({state})</span>
                  </>
                )}
              </span>
            </>
          );
          return (
            <li
              key={step}
              className={styles.step}
              aria-current={step === current ? 'step' : undefined}
              data-done={done || undefined}
              data-invalid={invalid || undefined}
            >
              {step !== current && canOpen(step) ? (
                <Link className={styles.link} to={{ search: searchOf(step) }}>
                  {content}
                </Link>
              ) : (
                <span className={styles.link}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
