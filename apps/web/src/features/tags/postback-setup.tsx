import {
  POSTBACK_MAX_BYTES,
  POSTBACK_SIGNATURE_HEADER,
  POSTBACK_TIMESTAMP_HEADER,
  POSTBACK_TOLERANCE_SECONDS,
  type PostbackSettings,
} from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { CopyableCode } from './copyable-code';
import { postbackExample, postbackLanguages } from './postback-examples';
import styles from './tags.module.css';
import { usePostbackSettings, useRotatePostbackSecret } from './tags-api';

/**
 * The server-to-server postback: what it is for, its endpoint and the secret with Copy and a new
 * secret (users who may change integrations only: the secret lets its holder record
 * conversions), how to send one, and examples in shell, PHP and Node.js.
 */
export function PostbackSetup() {
  const { t } = useTranslation('tags');
  const canWrite = useCan('integrations', 'write');
  return (
    <section className={styles.card} aria-labelledby="postback-heading">
      <h2 id="postback-heading" className={styles.cardHeading}>
        {t('postback.heading')}
      </h2>
      <p className={styles.cardLead}>{t('postback.lead')}</p>
      {canWrite ? <PostbackDetails /> : <p className={styles.note}>{t('postback.readOnly')}</p>}
    </section>
  );
}

function PostbackDetails() {
  const { t } = useTranslation('tags');
  const settings = usePostbackSettings(true);
  const rotate = useRotatePostbackSecret();
  if (settings.isError)
    return (
      <div role="alert">
        <p className={styles.note}>{failureText(t, settings.error)}</p>
        <Button variant="outline" size="small" onClick={() => void settings.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  if (settings.isPending)
    return (
      <p className={styles.note} aria-busy="true">
        {t('common:loading')}
      </p>
    );
  const postback: PostbackSettings = settings.data;
  const onRotate = async () => {
    try {
      await rotate.mutateAsync();
      notify.success(t('postback.rotated'));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('postback.url')}</dt>
        <dd>
          <code>{postback.url}</code>
        </dd>
        <dt>{t('postback.advertiserId')}</dt>
        <dd>
          <code>{postback.advertiserId}</code>
        </dd>
        <dt>{t('postback.secretCreated')}</dt>
        <dd>{formatDateTime(postback.secretCreatedAt)}</dd>
      </dl>
      <CopyableCode label={t('postback.secret')} code={postback.secret} failed={t('postback.copyFailed')} />
      <p className={styles.text}>{t('postback.secretNote')}</p>
      <Button
        size="small"
        variant="outline"
        color="danger"
        confirm={t('postback.rotateConfirm')}
        loading={rotate.isPending}
        onClick={() => void onRotate()}
      >
        {t('postback.rotate')}
      </Button>

      <h3 className={styles.subheading}>{t('postback.howHeading')}</h3>
      <ol className={styles.steps}>
        <li>{t('postback.how.body', { currency: postback.currency ?? '—', max: POSTBACK_MAX_BYTES })}</li>
        <li>{t('postback.how.visitor')}</li>
        <li>
          {t('postback.how.sign', {
            timestamp: POSTBACK_TIMESTAMP_HEADER,
            signature: POSTBACK_SIGNATURE_HEADER,
            minutes: POSTBACK_TOLERANCE_SECONDS / 60,
          })}
        </li>
        <li>{t('postback.how.answers')}</li>
      </ol>
      <details className={styles.examples}>
        <summary>{t('postback.examples.summary')}</summary>
        {postbackLanguages.map((language) => (
          <CopyableCode
            key={language}
            level={4}
            label={t(`postback.examples.${language}`)}
            code={postbackExample(language, postback)}
            failed={t('postback.copyFailed')}
          />
        ))}
      </details>
    </>
  );
}
