import {
  type LogStatusVerificationDto,
  type StatusVerification,
  type StatusVerificationBody,
  statusVerificationBody,
  statusVerifications,
} from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { notify } from '../../shell/toast/notify';
import { organisationStyles as styles, VerificationBadge } from '../organisations';
import {
  changeStatus,
  type OrganisationKind,
  type StatusChange,
  statusHistoryKeys,
  useStatusHistory,
} from './agencies-api';

/** Choose a new status, say why, and post it; the page refreshes the organisation. */
function StatusChangeForm<K extends OrganisationKind>({
  kind,
  id,
  status,
  onChanged,
}: {
  kind: K;
  id: number;
  status: StatusVerification;
  onChanged: (change: StatusChange<K>) => void;
}) {
  const { t } = useTranslation('agencies');
  const client = useQueryClient();
  const form = useApiForm(statusVerificationBody, {
    statusVerification: '' as StatusVerification,
    comment: '',
  });
  const field = form.field;

  const onSubmit = form.submit(
    async (values: StatusVerificationBody) => {
      onChanged(await changeStatus(kind, id, values));
      form.reset({ statusVerification: '' as StatusVerification, comment: '' });
      await client.invalidateQueries({ queryKey: statusHistoryKeys.of(kind, id) });
      notify.success(
        t('verification.changed', {
          status: t(`organisations:verification.status.${values.statusVerification}`),
        }),
      );
    },
    (error) => (Object.keys(error.validationErrors).length ? null : failureListText(t, error)),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('verification.formLabel')}>
      <FormError message={form.formError} />
      <div className={styles.changeForm}>
        <SelectField
          label={t('verification.newStatus')}
          placeholder={t('verification.newStatusPlaceholder')}
          required
          options={statusVerifications
            .filter((option) => option !== status)
            .map((option) => ({ value: option, label: t(`organisations:verification.status.${option}`) }))}
          {...field('statusVerification')}
        />
        <TextField
          label={t('verification.comment')}
          placeholder={t('verification.commentPlaceholder')}
          maxLength={1000}
          autoComplete="off"
          {...field('comment')}
        />
        <Button type="submit" loading={form.saving} confirm={t('verification.changeConfirm')}>
          {t('verification.change')}
        </Button>
      </div>
    </form>
  );
}

/** Who changed the status, when, from what to what and why. */
function StatusHistory({ kind, id }: { kind: OrganisationKind; id: number }) {
  const { t } = useTranslation('agencies');
  const [page, setPage] = useState(1);
  const history = useStatusHistory(kind, id, page);
  const columns: Column<LogStatusVerificationDto>[] = [
    { key: 'date', header: t('verification.columns.date'), cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'change',
      header: t('verification.columns.change'),
      cell: (row) => (
        <span className={styles.transition}>
          <VerificationBadge status={row.statusFrom} />
          <span className={styles.arrow} aria-hidden="true">
            →
          </span>
          <span className="visually-hidden">{t('verification.to')}</span>
          <VerificationBadge status={row.statusTo} />
        </span>
      ),
    },
    { key: 'comment', header: t('verification.columns.comment'), cell: (row) => row.comment ?? '—' },
    {
      key: 'changedBy',
      header: t('verification.columns.changedBy'),
      cell: (row) =>
        row.changedBy ? (
          <>
            {row.changedBy.name}
            {/* A link also gives the table, which scrolls on small screens, keyboard access. */}
            <a className={styles.sub} href={`mailto:${row.changedBy.email}`}>
              {row.changedBy.email}
            </a>
          </>
        ) : (
          t('verification.unknownUser')
        ),
    },
  ];
  return (
    <>
      <h3 className={styles.subHeading}>{t('verification.historyHeading')}</h3>
      <DataTable
        caption={t('verification.historyHeading')}
        columns={columns}
        rows={history.data?.elements}
        rowKey={(row) => row.id}
        loading={history.isFetching}
        error={
          history.error
            ? isApiError(history.error)
              ? failureListText(t, history.error)
              : t('verification.loadError')
            : null
        }
        onRetry={() => history.refetch()}
        empty={{ title: t('verification.emptyTitle'), body: t('verification.emptyBody') }}
      />
      <Pagination meta={history.data?.meta} onPage={setPage} />
    </>
  );
}

/** The verification status, a control to change it (for writers) and its history. */
export function VerificationSection<K extends OrganisationKind>({
  kind,
  id,
  status,
  canWrite,
  onChanged,
}: {
  kind: K;
  id: number;
  status: StatusVerification;
  canWrite: boolean;
  onChanged: (change: StatusChange<K>) => void;
}) {
  const { t } = useTranslation('agencies');
  return (
    <section className={styles.card} aria-labelledby="verification-heading">
      <h2 id="verification-heading" className={styles.cardHeading}>
        {t('verification.heading')}
      </h2>
      <p className={styles.cardLead}>
        {t('verification.current')} <VerificationBadge status={status} />
      </p>
      {canWrite && <StatusChangeForm kind={kind} id={id} status={status} onChanged={onChanged} />}
      <StatusHistory kind={kind} id={id} />
    </section>
  );
}
