import { type AgencyDto, ownAgencyBody } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatCountry, formatPercent } from '../../lib/format';
import { FiguresCard, OwnDetailsCard, OwnOrganisationPage, saveOwnAgency } from '../organisations';

/** What the details card sends: the name and the phone (the billing data has its own card). */
const detailsForm = ownAgencyBody.pick({ name: true, phone: true }).required({ name: true });

const valuesOf = (agency: AgencyDto): z.input<typeof detailsForm> => ({
  name: agency.name,
  phone: agency.phone ?? '',
});

/** /panel/agency/agencies/me: the agency's own profile. */
export function OwnAgencyPage() {
  const { t } = useTranslation('agencies');
  return (
    <OwnOrganisationPage
      kind="agency"
      summary={(agency) =>
        [formatCountry(agency.country), agency.currency?.code].filter(Boolean).join(' · ') ||
        t('single.noBilling')
      }
      details={(agency, canWrite) => (
        <OwnDetailsCard
          kind="agency"
          schema={detailsForm}
          valuesOf={valuesOf}
          save={saveOwnAgency}
          organisation={agency}
          canWrite={canWrite}
        />
      )}
      aside={(agency) => <AgencyTerms agency={agency} />}
    />
  );
}

/** What the platform set for the agency: its advertisers' commission limit, and how many it has. */
function AgencyTerms({ agency }: { agency: AgencyDto }) {
  const { t } = useTranslation('agencies');
  return (
    <FiguresCard
      id="agency-terms-heading"
      heading={t('own.termsHeading')}
      figures={[
        [t('own.commissionLimit'), formatPercent(agency.commissionPercentLimit)],
        [t('own.advertisers'), agency.advertisersCount],
      ]}
      note={t('own.termsNote')}
    />
  );
}
