import { type TagEventType, type TagSettings, tagEventTypes } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Code, CopyableCode } from './copyable-code';
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

/** The snippet with its Copy button, where to paste it, each event's call, and consent. */
export function TagInstall({ tag }: { tag: TagSettings }) {
  const { t } = useTranslation('tags');
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

      <CopyableCode label={t('install.snippet')} code={tag.snippet} failed={t('install.copyFailed')} />
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
