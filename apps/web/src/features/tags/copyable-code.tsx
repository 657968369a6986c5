import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { notify } from '../../shell/toast/notify';
import { useCopyToClipboard } from '../../shell/toast/use-copy';
import styles from './tags.module.css';

/** Code to read and copy: kept as written, wrapped rather than scrolled on a narrow screen. */
export function Code({ children }: { children: string }) {
  return (
    <pre className={styles.code}>
      <code>{children}</code>
    </pre>
  );
}

/**
 * Code under a heading with a Copy button named after it; when the browser refuses to copy,
 * `failed` says so.
 */
export function CopyableCode({
  label,
  code,
  failed,
  level = 3,
}: {
  label: string;
  code: string;
  failed: string;
  level?: 3 | 4;
}) {
  const { t } = useTranslation('common');
  const copy = useCopyToClipboard();
  const onCopy = async () => {
    if (!(await copy(code))) notify.error(failed);
  };
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <>
      <div className={styles.codeHead}>
        <Heading className={styles.subheading}>{label}</Heading>
        <Button
          size="small"
          variant="outline"
          aria-label={t('copyWhat', { what: label })}
          onClick={() => void onCopy()}
        >
          {t('copy')}
        </Button>
      </div>
      <Code>{code}</Code>
    </>
  );
}
