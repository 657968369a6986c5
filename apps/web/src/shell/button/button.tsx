import { type ButtonHTMLAttributes, forwardRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './button.module.css';

export type ButtonSize = 'tiny' | 'small' | 'medium' | 'large';
export type ButtonLayout = 'default' | 'wide' | 'block';
export type ButtonColor = 'primary' | 'dark' | 'success' | 'warning' | 'danger' | 'white' | 'info';
export type ButtonVariant = 'primary' | 'outline' | 'icon';
export type ConfirmDefault = 'selection' | 'choice';

/** The confirmation text: the defaults are common:confirm.selection and common:confirm.choice. */
export function confirmText(confirm: true | string, t: (key: string) => string): string {
  if (confirm === true || confirm === 'selection') return t('confirm.selection');
  if (confirm === 'choice') return t('confirm.choice');
  return confirm;
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  size?: ButtonSize;
  layout?: ButtonLayout;
  color?: ButtonColor;
  variant?: ButtonVariant;
  loading?: boolean;
  /**
   * Ask the browser for confirmation first; the action runs only on acceptance. `true` or
   * 'selection' asks 'Confirm your selection', 'choice' asks 'Confirm your choice', any other
   * text is asked as it is.
   */
  confirm?: boolean | ConfirmDefault | (string & {});
}

/** Spec section 9 buttons; clicks are ignored while disabled or loading (spec section 4). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    size = 'medium',
    layout = 'default',
    color = 'primary',
    variant = 'primary',
    loading = false,
    confirm,
    disabled,
    onClick,
    className,
    children,
    type = 'button',
    ...rest
  },
  ref,
) {
  const { t } = useTranslation();
  const inactive = disabled || loading;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive) {
      event.preventDefault();
      return;
    }
    if (confirm && !window.confirm(confirmText(confirm, t))) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      ref={ref}
      type={type}
      className={[styles.button, styles[size], styles[layout], styles[color], styles[variant], className]
        .filter(Boolean)
        .join(' ')}
      aria-disabled={inactive || undefined}
      aria-busy={loading || undefined}
      disabled={disabled}
      data-loading={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      <span className={styles.label}>{children}</span>
    </button>
  );
});
