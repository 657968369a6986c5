import { type TagEventType, type TagSettings, tagEventTypes } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { notify } from '../../shell/toast/notify';
import { useCopyToClipboard } from '../../shell/toast/use-copy';
import styles from './tags.module.css';

/** A call of each event, as the contract's `rtbTag` command API describes it. */
const eventExamples: Record<TagEventType, string> = {
  viewHome: "rtbTag('viewHome');",
  viewList: "rtbTag('viewList', { ids: ['A1', 'B2'] });",
  viewItem: "rtbTag('viewItem', { id: 'A1' });",
  addToCart: "rtbTag('addToCart', { id: 'A1', quantity: 2 });",
  viewBasket: "rtbTag('viewBasket', {\n  items: [{ id: 'A1', quantity: 2, price: '15.00' }],\n});",
  trackTransaction: [
    "rtbTag('trackTransaction', {",
    "  orderId: 'ORD-1',",
    "  value: '30.00',",
    "  currency: 'PLN',",
    "  items: [{ id: 'A1', quantity: 2, price: '15.00' }],",
    '});',
  ].join('\n'),
};

/** Code to read and copy: kept as written, wrapped rather than scrolled on a narrow screen. */
function Code({ children }: { children: string }) {
  return (
    <pre className={styles.code}>
      <code>{children}</code>
    </pre>
  );
}

/** The snippet with its Copy button, where to paste it, each event's call, and consent. */
export function TagInstall({ tag }: { tag: TagSettings }) {
  const { t } = useTranslation('tags');
  const copy = useCopyToClipboard();
  const copySnippet = async () => {
    if (!(await copy(tag.snippet))) notify.error(t('install.copyFailed'));
  };
  const consentExample = [
    `rtbTag('init', '${tag.tagKey}', { consent: 'pending' });`,
    '',
    `rtbTag('consent', 'granted'); // ${t('install.consentGranted')}`,
    `rtbTag('consent', 'denied'); // ${t('install.consentDenied')}`,
  ].join('\n');

  return (
    <section className={styles.card} aria-labelledby="tag-install-heading">
      <h2 id="tag-install-heading" className={styles.cardHeading}>
        {t('install.heading')}
      </h2>
      <p className={styles.cardLead}>{t('install.lead')}</p>

      <div className={styles.codeHead}>
        <h3 id="tag-snippet-heading" className={styles.subheading}>
          {t('install.snippet')}
        </h3>
        <Button
          size="small"
          variant="outline"
          aria-label={t('common:copyWhat', { what: t('install.snippet') })}
          onClick={() => void copySnippet()}
        >
          {t('common:copy')}
        </Button>
      </div>
      <Code>{tag.snippet}</Code>
      <p className={styles.text}>{t('install.where')}</p>

      <h3 className={styles.subheading}>{t('install.eventsHeading')}</h3>
      <p className={styles.text}>{t('install.eventsLead')}</p>
      <ul className={styles.eventGuide}>
        {tagEventTypes.map((type) => (
          <li key={type}>
            <p className={styles.text}>
              <strong>{t(`types.${type}`)}</strong> <code className={styles.inlineCode}>{type}</code>
              {': '}
              {t(`install.events.${type}`)}
            </p>
            <Code>{eventExamples[type]}</Code>
          </li>
        ))}
      </ul>

      <h3 className={styles.subheading}>{t('install.consentHeading')}</h3>
      <p className={styles.text}>{t('install.consentLead')}</p>
      <Code>{consentExample}</Code>
    </section>
  );
}
