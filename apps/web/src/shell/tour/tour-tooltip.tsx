import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TooltipRenderProps } from 'react-joyride';
import { Button } from '../button/button';
import { Icon } from '../icons/icon';
import styles from './tour.module.css';
import { useTourStore } from './tour-store-context';

/**
 * The tour's tooltip in the panel's own look: react-joyride's labels and actions (Back, Next
 * with its progress, Finish, Skip), a progress bar, and a close button that closes the tour.
 */
export function TourTooltip({
  backProps,
  closeProps,
  primaryProps,
  skipProps,
  tooltipProps,
  index,
  size,
  isLastStep,
  step,
}: TooltipRenderProps) {
  const { t } = useTranslation('tour');
  const store = useTourStore();
  const titleId = useId();
  const contentId = useId();
  return (
    <div
      role="alertdialog"
      aria-modal={tooltipProps['aria-modal']}
      className={styles.tooltip}
      style={{ width: step.styles.tooltip.width }}
      aria-labelledby={step.title ? titleId : undefined}
      aria-label={step.title ? undefined : t('label')}
      aria-describedby={contentId}
      data-tour-step={step.id}
    >
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('labels.progress')}
        aria-valuemin={1}
        aria-valuemax={size}
        aria-valuenow={index + 1}
        aria-valuetext={t('labels.progressText', { step: index + 1, steps: size })}
      >
        <span style={{ width: `${((index + 1) / size) * 100}%` }} />
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={closeProps['aria-label']}
        title={closeProps.title}
        onClick={() => store?.close()}
      >
        <Icon name="close" size={18} />
      </button>
      {step.title && (
        <h2 id={titleId} className={styles.title}>
          {step.title}
        </h2>
      )}
      <div id={contentId} className={styles.content}>
        {step.content}
      </div>
      <div className={styles.footer}>
        {!isLastStep && (
          <Button variant="outline" color="white" size="small" className={styles.skip} {...skipProps} />
        )}
        {index > 0 && <Button variant="outline" color="white" size="small" {...backProps} />}
        <Button size="small" {...primaryProps} />
      </div>
    </div>
  );
}
