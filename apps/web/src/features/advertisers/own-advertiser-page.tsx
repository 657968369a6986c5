import { type AdvertiserDto, ownAdvertiserBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPercent } from '../../lib/format';
import { TimeZoneField } from '../../shell/form/time-zone-field';
import {
  FiguresCard,
  OwnDetailsCard,
  OwnOrganisationPage,
  saveOwnAdvertiser,
  organisationStyles as styles,
  WebsiteLocalesField,
  WebsiteUrlField,
} from '../organisations';

/** What the details card sends: name, phone, website and time zone (the billing data has its own card). */
const detailsForm = ownAdvertiserBody
  .pick({ name: true, phone: true, websiteUrl: true, websiteLocales: true, timeZone: true })
  .required({ name: true });

const valuesOf = (advertiser: AdvertiserDto): z.input<typeof detailsForm> => ({
  name: advertiser.name,
  phone: advertiser.phone ?? '',
  websiteUrl: advertiser.websiteUrl ?? '',
  websiteLocales: advertiser.websiteLocales,
  timeZone: advertiser.timeZone,
});

/** /panel/advertiser/advertisers/me: the advertiser's own profile, with the agency managing it. */
export function OwnAdvertiserPage() {
  const { t } = useTranslation('advertisers');
  return (
    <OwnOrganisationPage
      kind="advertiser"
      summary={(advertiser) => [advertiser.code, advertiser.agency?.name ?? t('noAgency')].join(' · ')}
      details={(advertiser, canWrite) => (
        <OwnDetailsCard
          kind="advertiser"
          schema={detailsForm}
          valuesOf={valuesOf}
          save={saveOwnAdvertiser}
          organisation={advertiser}
          canWrite={canWrite}
        >
          {(form, field) => (
            <>
              <h3 className={styles.subHeading}>{t('form.websiteHeading')}</h3>
              <WebsiteUrlField
                field={field('websiteUrl')}
                readUrl={() => String(form.getValues('websiteUrl') ?? '')}
                setError={(message) => form.setError('websiteUrl', { type: 'server', message })}
                disabled={!canWrite}
              />
              <WebsiteLocalesField field={field('websiteLocales')} current={advertiser.websiteLocales} />
              <h3 className={styles.subHeading}>{t('form.timeZoneHeading')}</h3>
              <TimeZoneField
                {...field('timeZone')}
                value={String(form.watch('timeZone') ?? '')}
                hint={t('form.timeZoneHint')}
              />
            </>
          )}
        </OwnDetailsCard>
      )}
      aside={(advertiser) => <AdvertiserTerms advertiser={advertiser} />}
    />
  );
}

/**
 * Who manages the advertiser and on what terms: its agency (or none), the commission and who
 * pays for the campaigns. Its agency or the platform sets them; the advertiser only reads them.
 */
function AdvertiserTerms({ advertiser }: { advertiser: AdvertiserDto }) {
  const { t } = useTranslation('advertisers');
  return (
    <FiguresCard
      id="advertiser-terms-heading"
      heading={t('own.termsHeading')}
      figures={[
        [t('own.agency'), advertiser.agency?.name ?? t('noAgency')],
        [t('own.commission'), formatPercent(advertiser.comissionPercent)],
        ...(advertiser.agency
          ? [
              [
                t('own.campaignsPaidBy'),
                t(advertiser.agencyPaidCampaigns ? 'own.paidByAgency' : 'own.paidByAdvertiser'),
              ] as [string, string],
            ]
          : []),
      ]}
      note={t(advertiser.agency ? 'own.termsByAgency' : 'own.termsByPlatform')}
    />
  );
}
