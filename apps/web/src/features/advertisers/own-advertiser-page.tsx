import { type AdvertiserDto, ownAdvertiserBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPercent } from '../../lib/format';
import { TextField } from '../../shell/form/text-field';
import { FormCard } from '../organisations/form-card';
import styles from '../organisations/organisation.module.css';
import { OwnOrganisationPage } from '../organisations/own-organisation-page';
import { PhoneField } from '../organisations/phone-field';
import { useOwnOrganisationForm } from '../organisations/use-own-organisation-form';
import { WebsiteLocalesField, WebsiteUrlField } from '../organisations/website-fields';
import './texts';

/** What the details card sends: name, phone and website (the billing data has its own card). */
const detailsForm = ownAdvertiserBody
  .pick({ name: true, phone: true, websiteUrl: true, websiteLocales: true })
  .required({ name: true });
type DetailsValues = z.infer<typeof detailsForm>;

const valuesOf = (advertiser: AdvertiserDto) =>
  ({
    name: advertiser.name,
    phone: advertiser.phone ?? '',
    websiteUrl: advertiser.websiteUrl ?? '',
    websiteLocales: advertiser.websiteLocales,
  }) as DetailsValues;

/** /panel/advertiser/advertisers/me: the advertiser's own profile, with the agency managing it. */
export function OwnAdvertiserPage() {
  const { t } = useTranslation('advertisers');
  return (
    <OwnOrganisationPage
      kind="advertiser"
      summary={(advertiser) => [advertiser.code, advertiser.agency?.name ?? t('noAgency')].join(' · ')}
      details={(advertiser, canWrite) => <OwnAdvertiserForm advertiser={advertiser} canWrite={canWrite} />}
      aside={(advertiser) => <AdvertiserTerms advertiser={advertiser} />}
    />
  );
}

function OwnAdvertiserForm({ advertiser, canWrite }: { advertiser: AdvertiserDto; canWrite: boolean }) {
  const { t } = useTranslation('advertisers');
  const { form, field, onSubmit } = useOwnOrganisationForm('advertiser', detailsForm, valuesOf, advertiser);
  return (
    <FormCard
      id="own-advertiser-heading"
      heading={t('form.heading')}
      formError={form.formError}
      canWrite={canWrite}
      saving={form.saving}
      submitLabel={t('form.save')}
      onSubmit={onSubmit}
    >
      <TextField label={t('form.name')} autoComplete="organization" maxLength={200} {...field('name')} />
      <PhoneField field={field('phone')} />
      <h3 className={styles.subHeading}>{t('form.websiteHeading')}</h3>
      <WebsiteUrlField
        field={field('websiteUrl')}
        readUrl={() => String(form.getValues('websiteUrl') ?? '')}
        setError={(message) => form.setError('websiteUrl', { type: 'server', message })}
        disabled={!canWrite}
      />
      <WebsiteLocalesField field={field('websiteLocales')} current={advertiser.websiteLocales} />
    </FormCard>
  );
}

/**
 * Who manages the advertiser and on what terms: its agency (or none), the commission and who
 * pays for the campaigns. Its agency or the platform sets them; the advertiser only reads them.
 */
function AdvertiserTerms({ advertiser }: { advertiser: AdvertiserDto }) {
  const { t } = useTranslation('advertisers');
  return (
    <section className={styles.card} aria-labelledby="advertiser-terms-heading">
      <h2 id="advertiser-terms-heading" className={styles.cardHeading}>
        {t('own.termsHeading')}
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>{t('own.agency')}</dt>
          <dd>{advertiser.agency?.name ?? t('noAgency')}</dd>
        </div>
        <div>
          <dt>{t('own.commission')}</dt>
          <dd>{formatPercent(advertiser.comissionPercent)}</dd>
        </div>
        {advertiser.agency && (
          <div>
            <dt>{t('own.campaignsPaidBy')}</dt>
            <dd>{t(advertiser.agencyPaidCampaigns ? 'own.paidByAgency' : 'own.paidByAdvertiser')}</dd>
          </div>
        )}
      </dl>
      <p className={styles.note}>{t(advertiser.agency ? 'own.termsByAgency' : 'own.termsByPlatform')}</p>
    </section>
  );
}
