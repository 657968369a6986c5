import type { FormContactListItem } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { useListParams } from '../../shell/list/use-list-params';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { ContactThread } from './contact-thread';
import { StatusBadge } from './status-badge';
import { subjectColumn } from './subject-column';
import styles from './support.module.css';
import { type CustomerPanel, useFormContact, useFormContacts, useOpenContact } from './support-api';

/** The organisation's previous requests, newest first; one opens with its replies in a side panel. */
export function OwnRequests({ panel }: { panel: CustomerPanel }) {
  const { t } = useTranslation('support');
  const { apiParams, update } = useListParams({ pageKeys: ['contact'] });
  const list = useFormContacts(panel, { page: apiParams.page });
  const [openId, setOpen] = useOpenContact();

  const columns: Column<FormContactListItem>[] = [
    subjectColumn(t, setOpen),
    {
      key: 'status',
      header: t('columns.status'),
      cell: (contact) => <StatusBadge status={contact.status} />,
    },
    { key: 'sent', header: t('columns.sent'), cell: (contact) => formatDateTime(contact.createdAt) },
    { key: 'replies', header: t('columns.replies'), align: 'end', cell: (contact) => contact.commentCount },
  ];

  return (
    <section className={styles.card} aria-labelledby="support-requests-heading">
      <h2 id="support-requests-heading" className={styles.cardHeading}>
        {t('requests.heading')}
      </h2>
      <DataTable
        caption={t('requests.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(contact) => contact.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={{ title: t('requests.emptyTitle'), body: t('requests.emptyBody') }}
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {openId !== null && <RequestPanel panel={panel} id={openId} onClose={() => setOpen(null)} />}
    </section>
  );
}

function RequestPanel({ panel, id, onClose }: { panel: CustomerPanel; id: number; onClose: () => void }) {
  const { t } = useTranslation('support');
  const contact = useFormContact(panel, id);
  const data = contact.data;
  return (
    <SidePanel
      onClose={onClose}
      size="large"
      title={data?.subject ?? t('common:loading')}
      subtitle={
        data
          ? t('thread.sentBy', {
              time: formatDateTime(data.createdAt),
              name: data.submitter?.name ?? t('thread.unknownSender'),
            })
          : undefined
      }
    >
      {contact.isError ? (
        <p className={styles.muted} role="alert">
          {failureText(t, contact.error)}
        </p>
      ) : data ? (
        <>
          <StatusBadge status={data.status} />
          <ContactThread contact={data} panel={panel} />
        </>
      ) : (
        <p className={styles.muted}>{t('common:loading')}</p>
      )}
    </SidePanel>
  );
}
