import type { OrganisationKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { NotAvailable } from '../../shell/not-available';
import { ActivityLogsPage } from './activity-logs-page';
import type { ActivityLogFilterKey } from './use-activity-logs';

/** The organisation is the signed-in user's: not a filter. */
const ORGANISATION_FILTERS: ActivityLogFilterKey[] = ['agencyId', 'advertiserId'];

/**
 * /panel/{agency|advertiser}/activity-logs: the organisation's own log (an agency's with its
 * advertisers'), for the local role admin (the navigation shows it to no one else; the API
 * refuses roles without the permission).
 */
export function OrganisationActivityLogsPage({ kind }: { kind: OrganisationKind }) {
  const { t } = useTranslation('activity-logs');
  const allowed = useCan('activity-logs', 'read');
  if (!allowed) return <NotAvailable title={t('shell:pages.activityLogs')} />;
  return (
    <ActivityLogsPage
      apiPath={`/${kind}/activity-logs`}
      usersPath={`/${kind}/activity-logs/users`}
      hiddenFilters={ORGANISATION_FILTERS}
      lead={t(`organisationLead.${kind}`)}
    />
  );
}
