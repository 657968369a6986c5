import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { openApiPath } from '../../lib/open-api-path';
import { saveUrl } from '../../lib/save-file';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './invoices.module.css';

type PdfState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'failed'; error: unknown };

/**
 * A PDF of the API as an object URL: the request carries the token and organisation headers
 * (an <object> could not send them), and the URL is revoked when the document goes away.
 */
function usePdf(path: string, attempt: number): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) loads it again
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    api.download(path, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', error });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, attempt]);
  return state;
}

/**
 * An invoice's or a proforma's PDF shown in the page, with a Download button and one that opens
 * it in a new tab (the browser's own viewer, through a download link).
 */
export function PdfDocument({ path, fileName }: { path: string; fileName: string }) {
  const { t } = useTranslation('invoices');
  const [attempt, setAttempt] = useState(0);
  const pdf = usePdf(path, attempt);

  if (pdf.status === 'loading') {
    return (
      <p className={styles.documentState} aria-busy="true">
        {t('preview.loading')}
      </p>
    );
  }
  if (pdf.status === 'failed') {
    return (
      <div className={styles.documentState} role="alert">
        <p className={styles.muted}>
          {t('preview.error')} {failureText(t, pdf.error)}
        </p>
        <Button size="small" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <div className={styles.documentBar}>
        <Button size="small" variant="outline" onClick={() => saveUrl(pdf.url, `${fileName}.pdf`)}>
          {t('preview.download')}
        </Button>
        <Button
          size="small"
          variant="outline"
          onClick={() => openApiPath(path).catch((error: unknown) => notify.error(failureText(t, error)))}
        >
          {t('preview.openInNewTab')}
        </Button>
      </div>
      <object
        className={styles.document}
        data={pdf.url}
        type="application/pdf"
        title={t('preview.frameTitle', { name: fileName })}
      >
        <p className={styles.muted}>{t('preview.fallback')}</p>
      </object>
    </>
  );
}
