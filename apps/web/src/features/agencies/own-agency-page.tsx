import { type AgencyDto, ownAgencyBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPercent } from '../../lib/format';
import { TextField } from '../../shell/form/text-field';
import { FormCard } from '../organisations/form-card';
import styles from '../organisations/organisation.module.css';
import { OwnOrganisationPage } from '../organisations/own-organisation-page';
import { PhoneField } from '../organisations/phone-field';
import { useOwnOrganisationForm } from '../organisations/use-own-organisation-form';
import './texts';

/** What the details card sends: the name and the phone (the billing data has its own card). */
const detailsForm = ownAgencyBody.pick({ name: true, phone: true }).required({ name: true });
type DetailsValues = z.infer<typeof detailsForm>;

const valuesOf = (agency: AgencyDto) => ({ name: agency.name, phone: agency.phone ?? '' }) as DetailsValues;

/** /panel/agency/agencies/me: the agency's own profile. */
export function OwnAgencyPage() {
  const { t } = useTranslation('agencies');
  return (
    <OwnOrganisationPage
      kind="agency"
      summary={(agency) =>
        [agency.country?.name, agency.currency?.code].filter(Boolean).join(' · ') || t('single.noBilling')
      }
      details={(agency, canWrite) => <OwnAgencyForm agency={agency} canWrite={canWrite} />}
      aside={(agency) => <AgencyTerms agency={agency} />}
    />
  );
}

function OwnAgencyForm({ agency, canWrite }: { agency: AgencyDto; canWrite: boolean }) {
  const { t } = useTranslation('agencies');
  const { form, field, onSubmit } = useOwnOrganisationForm('agency', detailsForm, valuesOf, agency);
  return (
    <FormCard
      id="own-agency-heading"
      heading={t('form.heading')}
      formError={form.formError}
      canWrite={canWrite}
      saving={form.saving}
      submitLabel={t('form.save')}
      onSubmit={onSubmit}
    >
      <TextField label={t('form.name')} autoComplete="organization" maxLength={200} {...field('name')} />
      <PhoneField field={field('phone')} />
    </FormCard>
  );
}

/** What the platform set for the agency: its advertisers' commission limit, and how many it has. */
function AgencyTerms({ agency }: { agency: AgencyDto }) {
  const { t } = useTranslation('agencies');
  return (
    <section className={styles.card} aria-labelledby="agency-terms-heading">
      <h2 id="agency-terms-heading" className={styles.cardHeading}>
        {t('own.termsHeading')}
      </h2>
      <dl className={styles.figures}>
        <div>
          <dt>{t('own.commissionLimit')}</dt>
          <dd>{formatPercent(agency.commissionPercentLimit)}</dd>
        </div>
        <div>
          <dt>{t('own.advertisers')}</dt>
          <dd>{agency.advertisersCount}</dd>
        </div>
      </dl>
      <p className={styles.note}>{t('own.termsNote')}</p>
    </section>
  );
}
