import { type FormContactListItem, formContactStatuses } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { RequestPanel } from './request-panel';
import { StatusBadge } from './status-badge';
import { subjectColumn } from './subject-column';
import styles from './support.module.css';
import { useFormContacts, useOpenContact } from './support-api';

/**
 * Every support request, newest first: search, filters by status, kind of organisation and
 * one organisation (a click on its name), and the request with its replies in a side panel.
 */
export function RequestsTab() {
  const { t } = useTranslation('support');
  const { params, apiParams, update } = useListParams({ pageKeys: ['tab', 'contact', 'organisationName'] });
  const list = useFormContacts('admin', apiParams);
  const [openId, setOpen] = useOpenContact();
  const [searchParams] = useSearchParams();
  const { status = '', organisationKind = '', agencyId, advertiserId } = params.filters;
  // The chosen organisation's name, for its chip (the API filters by its id).
  const organisationName = searchParams.get('organisationName');
  const oneOrganisation = agencyId || advertiserId;
  const filtered = Boolean(params.search || status || organisationKind || oneOrganisation);
  // The API lists newest first unless told otherwise.
  const sort = params.sort ?? 'createdAt';
  const order = params.sort ? params.order : 'desc';

  const onlyOrganisation = (contact: FormContactListItem) =>
    update({
      agencyId: contact.organisation.kind === 'agency' ? contact.organisation.id : undefined,
      advertiserId: contact.organisation.kind === 'advertiser' ? contact.organisation.id : undefined,
      organisationKind: undefined,
      organisationName: contact.organisation.name,
    });

  const columns: Column<FormContactListItem>[] = [
    subjectColumn(t, setOpen, 'subject'),
    {
      key: 'organisation',
      header: t('columns.organisation'),
      cell: (contact) => (
        <>
          <button
            type="button"
            className={styles.open}
            aria-label={t('admin.filterBy', { name: contact.organisation.name })}
            onClick={() => onlyOrganisation(contact)}
          >
            {contact.organisation.name}
          </button>
          <p className={styles.muted}>{t(`organisationKinds.${contact.organisation.kind}`)}</p>
        </>
      ),
    },
    {
      key: 'sender',
      header: t('columns.sender'),
      cell: (contact) =>
        contact.submitter ? (
          <>
            {contact.submitter.name}
            <p className={styles.muted}>{contact.submitter.email}</p>
          </>
        ) : (
          <span className={styles.muted}>{t('thread.unknownSender')}</span>
        ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (contact) => <StatusBadge status={contact.status} />,
    },
    {
      key: 'createdAt',
      header: t('columns.sent'),
      sortField: 'createdAt',
      cell: (contact) => formatDateTime(contact.createdAt),
    },
    { key: 'replies', header: t('columns.replies'), align: 'end', cell: (contact) => contact.commentCount },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('admin.search')}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('admin.statusFilter')}
            value={status}
            onChange={(event) => update({ status: event.target.value })}
            options={[
              { value: '', label: t('admin.allStatuses') },
              ...formContactStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
          />
          {oneOrganisation ? (
            <span className={styles.chip}>
              {t('admin.onlyOrganisation', { name: organisationName ?? `#${oneOrganisation}` })}
              <Button
                size="tiny"
                variant="outline"
                color="white"
                onClick={() =>
                  update({ agencyId: undefined, advertiserId: undefined, organisationName: undefined })
                }
              >
                {t('admin.showAll')}
              </Button>
            </span>
          ) : (
            <SelectField
              className={styles.filter}
              label={t('admin.kindFilter')}
              value={organisationKind}
              onChange={(event) => update({ organisationKind: event.target.value })}
              options={[
                { value: '', label: t('admin.allOrganisations') },
                { value: 'agency', label: t('admin.agencies') },
                { value: 'advertiser', label: t('admin.advertisers') },
              ]}
            />
          )}
        </div>
      </div>
      <DataTable
        caption={t('admin.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(contact) => contact.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        sort={sort}
        order={order}
        onSort={(field) => update({ sort: field, order: field === sort && order === 'asc' ? 'desc' : 'asc' })}
        empty={
          filtered
            ? { title: t('admin.filteredTitle'), body: t('admin.filteredBody') }
            : { title: t('admin.emptyTitle'), body: t('admin.emptyBody') }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {openId !== null && <RequestPanel id={openId} onClose={() => setOpen(null)} />}
    </>
  );
}
