import { useTranslation } from 'react-i18next';
import { useCopyToClipboard } from '../toast/use-copy';
import { Button } from './button';
import styles from './button.module.css';

/** A value to paste elsewhere (a transfer title, an account number) with its Copy button. */
export function CopyableText({ text, what, className }: { text: string; what: string; className?: string }) {
  const { t } = useTranslation();
  const copy = useCopyToClipboard();
  return (
    <span className={styles.copyable}>
      <span className={className}>{text}</span>
      <Button
        size="small"
        variant="outline"
        aria-label={t('common:copyWhat', { what })}
        onClick={() => void copy(text)}
      >
        {t('common:copy')}
      </Button>
    </span>
  );
}
