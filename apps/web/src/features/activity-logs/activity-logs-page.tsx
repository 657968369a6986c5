import {
  type ActivityLogDto,
  type ActivityLogsMeta,
  type ActivityLogUserDto,
  activityEntityTypes,
  activityEvents,
  activityLogsQuery,
  type ErrorIssue,
  issueOfZod,
} from '@rtb/shared';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { SelectField, type SelectOption } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import listStyles from '../../shell/list/list.module.css';
import { TableScroll } from '../../shell/list/table-scroll';
import { useListParams } from '../../shell/list/use-list-params';
import { usePageTitle } from '../../shell/page-title';
import { Tabs, useUrlTab } from '../../shell/tabs/tabs';
import { ExternalApisLog } from '../external-apis';
import { ActivityLogPanel } from './activity-log-panel';
import styles from './activity-logs.module.css';
import { actorText, changeText } from './entry-texts';
import { AdvertiserFilter, AgencyFilter, UserFilter } from './filter-pickers';
import {
  type ActivityLogFilterKey,
  type ActivityLogFilters,
  type ActivityLogsPath,
  type ActivityLogUsersPath,
  activityLogFilterKeys,
  useActivityLogs,
  useActivityLogUsers,
} from './use-activity-logs';

const NS = 'activity-logs';
/** The admin panel's page has two logs: the activity log and the external-API log. */
const logViews = ['activity', 'external-apis'] as const;
const idFields = new Set<ActivityLogFilterKey>(['agencyId', 'advertiserId', 'actorAccountId']);
type FieldErrors = Partial<Record<ActivityLogFilterKey, string>>;
const NO_HIDDEN_FILTERS: ActivityLogFilterKey[] = [];
const ADMIN_ACTIVITY_LOGS_PATH: ActivityLogsPath = '/admin/activity-logs';

export interface ActivityLogsPageProps {
  /**
   * The list's API path (without /api). The admin panel's by default; the agency and advertiser
   * panels pass their own, which the API scopes to the organisation.
   */
  apiPath?: ActivityLogsPath;
  /** Filters a panel does not offer (e.g. the organisation, in an organisation's own log). */
  hiddenFilters?: ActivityLogFilterKey[];
  /** Where the users to filter by come from (an organisation's log); admins type a user id. */
  usersPath?: ActivityLogUsersPath;
  /** What the page says under its title. */
  lead?: string;
}

/** An id filter's error says it is not an id, whatever zod's check was; other fields' by their code. */
function fieldMessage(t: TFunction, field: ActivityLogFilterKey, issue: ErrorIssue): string {
  if (idFields.has(field) && issue.code.startsWith('validation.')) return t(`${NS}:messages.invalidId`);
  return errorText(t, issue.code, issue.params) ?? issue.code;
}

/** The shared query schema's verdict on the filters, per field. */
function validate(t: TFunction, filters: ActivityLogFilters): FieldErrors {
  const result = activityLogsQuery.safeParse(filters);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ActivityLogFilterKey;
    if (activityLogFilterKeys.includes(field) && !errors[field])
      errors[field] = fieldMessage(t, field, issueOfZod(issue, filters[field]));
  }
  return errors;
}

function serverErrors(t: TFunction, error: ApiError): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, list] of Object.entries(error.issues ?? {})) {
    if (activityLogFilterKeys.includes(field as ActivityLogFilterKey) && list[0])
      errors[field as ActivityLogFilterKey] = fieldMessage(t, field as ActivityLogFilterKey, list[0]);
  }
  return errors;
}

/**
 * The activity log: filters kept in the URL, newest entries first, 'Load more' following the
 * API's cursor, and each entry's before/after in a side panel. The admin panel's page has the
 * external-API log as a second tab.
 */
export function ActivityLogsPage({
  apiPath = ADMIN_ACTIVITY_LOGS_PATH,
  hiddenFilters = NO_HIDDEN_FILTERS,
  usersPath,
  lead,
}: ActivityLogsPageProps) {
  const { t } = useTranslation(NS);
  usePageTitle(t('shell:pages.activityLogs'));
  // The external-API log is the platform's own: only the admin panel's page has it.
  const withExternalApis = apiPath === ADMIN_ACTIVITY_LOGS_PATH;
  const [view, chooseView] = useUrlTab(logViews, 'view');

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.heading}>{t('shell:pages.activityLogs')}</h1>
        <p className={styles.lead}>{lead ?? t('lead')}</p>
      </header>
      {withExternalApis ? (
        <Tabs
          id="log"
          label={t('external-apis:tabsLabel')}
          tabs={logViews}
          active={view}
          onChoose={chooseView}
          labelOf={(tab) =>
            t(tab === 'activity' ? 'external-apis:tabs.activity' : 'external-apis:tabs.externalApis')
          }
        >
          {view === 'external-apis' ? (
            <ExternalApisLog />
          ) : (
            <ActivityEntries apiPath={apiPath} hiddenFilters={hiddenFilters} />
          )}
        </Tabs>
      ) : (
        <ActivityEntries apiPath={apiPath} hiddenFilters={hiddenFilters} usersPath={usersPath} />
      )}
    </div>
  );
}

/** The entries with their filters, 'Load more' and the side panel of one entry. */
function ActivityEntries({
  apiPath,
  hiddenFilters,
  usersPath,
}: Required<Pick<ActivityLogsPageProps, 'apiPath' | 'hiddenFilters'>> &
  Pick<ActivityLogsPageProps, 'usersPath'>) {
  const { t } = useTranslation(NS);
  const { params, update } = useListParams();
  const hiddenKey = hiddenFilters.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: hiddenKey stands for hiddenFilters
  const filters = useMemo(() => {
    const picked: ActivityLogFilters = {};
    for (const key of activityLogFilterKeys) {
      const value = params.filters[key];
      if (value && !hiddenFilters.includes(key)) picked[key] = value;
    }
    return picked;
  }, [params.filters, hiddenKey]);

  const query = useActivityLogs(apiPath, filters);
  const [selected, setSelected] = useState<ActivityLogDto | null>(null);
  const apiError = isApiError(query.error) ? query.error : null;
  const fieldErrors = apiError ? serverErrors(t, apiError) : {};

  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.elements) ?? [], [query.data]);
  const meta = query.data?.pages[query.data.pages.length - 1]?.meta;
  const filtered = Object.keys(filters).length > 0;
  const errorMessage =
    query.isError && !query.data ? (apiError?.message ?? t('common:errors.communication')) : null;

  return (
    <div className={styles.entries}>
      <FilterForm
        applied={filters}
        hidden={hiddenFilters}
        usersPath={usersPath}
        serverErrors={fieldErrors}
        onApply={(next) => update(Object.fromEntries(activityLogFilterKeys.map((key) => [key, next[key]])))}
      />

      {errorMessage ? (
        <div className={listStyles.state} role="alert">
          <p className={listStyles.stateTitle}>{errorMessage}</p>
          <Button variant="outline" onClick={() => query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : query.isPending ? (
        <div className={listStyles.state} aria-busy="true">
          <p className={listStyles.stateBody}>{t('common:loading')}</p>
        </div>
      ) : entries.length === 0 ? (
        <div className={listStyles.state}>
          <p className={listStyles.stateTitle}>{t(filtered ? 'emptyFiltered.title' : 'empty.title')}</p>
          <p className={listStyles.stateBody}>{t(filtered ? 'emptyFiltered.body' : 'empty.body')}</p>
        </div>
      ) : (
        <>
          <EntriesTable entries={entries} onOpen={setSelected} busy={query.isFetching} />
          <div className={styles.footer}>
            {meta && <Summary shown={entries.length} meta={meta} />}
            {query.hasNextPage && (
              <Button
                variant="outline"
                color="white"
                loading={query.isFetchingNextPage}
                onClick={() => query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('loadingMore') : t('loadMore')}
              </Button>
            )}
          </div>
          {query.isFetchNextPageError && (
            <p className={styles.inlineError} role="alert">
              {apiError?.message ?? t('common:errors.communication')}
            </p>
          )}
        </>
      )}

      {selected && <ActivityLogPanel apiPath={apiPath} entry={selected} onClose={() => setSelected(null)} />}
    </div>
  );
}

function Summary({ shown, meta }: { shown: number; meta: ActivityLogsMeta }) {
  const { t, i18n } = useTranslation(NS);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <p className={styles.summary} aria-live="polite">
      {t(meta.totalIsEstimate ? 'shownAtLeast' : 'shown', {
        shown: number.format(shown),
        total: number.format(meta.total),
      })}
    </p>
  );
}

function FilterForm({
  applied,
  hidden,
  usersPath,
  serverErrors,
  onApply,
}: {
  applied: ActivityLogFilters;
  hidden: ActivityLogFilterKey[];
  usersPath?: ActivityLogUsersPath;
  serverErrors: FieldErrors;
  onApply: (filters: ActivityLogFilters) => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const users = useActivityLogUsers(usersPath);
  const [draft, setDraft] = useState<ActivityLogFilters>(applied);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The URL is the truth: going back, or a link, shows its filters in the form.
  useEffect(() => {
    setDraft(applied);
    setErrors({});
  }, [applied]);

  const shown = (key: ActivityLogFilterKey) => !hidden.includes(key);
  const field = (key: ActivityLogFilterKey) => ({
    name: key,
    value: draft[key] ?? '',
    error: errors[key] ?? serverErrors[key],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((current) => ({ ...current, [key]: value.trim() ? value : undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      Object.entries(draft)
        .map(([key, value]) => [key, value?.trim()])
        .filter(([, value]) => value),
    ) as ActivityLogFilters;
    const found = validate(t, next);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next);
  };

  const clear = () => {
    setDraft({});
    setErrors({});
    onApply({});
  };

  return (
    <form className={styles.filters} aria-label={t('filters.label')} onSubmit={submit} noValidate>
      <div className={listStyles.filterBar}>
        {shown('event') && (
          <SelectField
            label={t('filters.event')}
            placeholder={t('filters.anyEvent')}
            options={activityEvents.map((value) => ({ value, label: t(`events.${value}`) }))}
            {...field('event')}
          />
        )}
        {shown('entityType') && (
          <SelectField
            label={t('filters.entityType')}
            placeholder={t('filters.anyEntityType')}
            options={entityTypeOptions(t, i18n.language)}
            {...field('entityType')}
          />
        )}
        {shown('entityId') && (
          <TextField label={t('filters.entityId')} maxLength={100} {...field('entityId')} />
        )}
        {(shown('from') || shown('to')) && (
          <div className={listStyles.dateRange}>
            {shown('from') && <DateField label={t('filters.from')} {...field('from')} />}
            {shown('to') && (
              <DateField label={t('filters.to')} hint={t('filters.datesHint')} {...field('to')} />
            )}
          </div>
        )}
        {shown('agencyId') && <AgencyFilter field={field('agencyId')} />}
        {shown('advertiserId') && <AdvertiserFilter field={field('advertiserId')} />}
        {shown('actorAccountId') &&
          (usersPath ? (
            <SelectField
              label={t('filters.user')}
              placeholder={t('filters.anyUser')}
              options={userOptions(users.data ?? [], draft.actorAccountId)}
              {...field('actorAccountId')}
            />
          ) : (
            <UserFilter field={field('actorAccountId')} />
          ))}
      </div>
      <div className={styles.filterActions}>
        <Button type="submit" size="small">
          {t('filters.apply')}
        </Button>
        <Button size="small" variant="outline" color="white" onClick={clear}>
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}

/** The kinds of entry the log records, by their names in the user's language. */
const entityTypeOptions = (t: TFunction, language: string): SelectOption[] =>
  activityEntityTypes
    .map((value) => ({ value, label: t(`entityTypes.${value}`) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));

/**
 * The organisation's users, named with their organisation when there are several (an agency's
 * own and its advertisers'); a chosen id no longer among them stays choosable.
 */
function userOptions(users: ActivityLogUserDto[], chosen: string | undefined): SelectOption[] {
  const organisations = new Set(users.map((user) => user.organisation.id));
  const options = users.map((user) => ({
    value: String(user.id),
    label: organisations.size > 1 ? `${user.name} · ${user.organisation.name}` : user.name,
  }));
  if (chosen && !options.some((option) => option.value === chosen))
    options.push({ value: chosen, label: `#${chosen}` });
  return options;
}

function organisationText(t: TFunction, entry: ActivityLogDto): string {
  const names = [entry.agency?.name, entry.advertiser?.name].filter(Boolean);
  return names.length ? names.join(' / ') : t('none');
}

function EntriesTable({
  entries,
  onOpen,
  busy,
}: {
  entries: ActivityLogDto[];
  onOpen: (entry: ActivityLogDto) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <TableScroll caption={t('caption')} busy={busy}>
      <table className={`${listStyles.table} ${styles.table}`}>
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.time')}</th>
            <th scope="col">{t('columns.change')}</th>
            <th scope="col">{t('columns.user')}</th>
            <th scope="col">{t('columns.organisation')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const time = formatDateTime(entry.createdAt);
            return (
              // The whole row opens the entry; its first cell is the button keyboards reach.
              <tr key={entry.id} className={styles.row} onClick={() => onOpen(entry)}>
                <td>
                  <button
                    type="button"
                    className={styles.open}
                    aria-label={t('openDetails', { time })}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(entry);
                    }}
                  >
                    {time}
                  </button>
                </td>
                <td>{changeText(t, entry)}</td>
                <td>{actorText(t, entry)}</td>
                <td>{organisationText(t, entry)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
