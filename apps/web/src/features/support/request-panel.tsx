import { type FormContactDto, type FormContactStatus, formContactStatuses } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { ContactThread } from './contact-thread';
import { ReplyForm } from './reply-form';
import styles from './support.module.css';
import { useChangeStatus, useFormContact } from './support-api';

/**
 * One request for the admin: who sent it from which organisation, its status (changed at
 * once), the message and attachment, the replies, and the reply form.
 */
export function RequestPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('support');
  const contact = useFormContact('admin', id);
  const data = contact.data;
  const canWrite = useCan('support', 'write');
  return (
    <SidePanel
      onClose={onClose}
      size="xlarge"
      title={data?.subject ?? t('common:loading')}
      subtitle={
        data ? t('admin.panelSubtitle', { id: data.id, organisation: data.organisation.name }) : undefined
      }
    >
      {contact.isError ? (
        <p className={styles.muted} role="alert">
          {failureText(t, contact.error)}
        </p>
      ) : data ? (
        <>
          <Facts contact={data} canWrite={canWrite} />
          <ContactThread contact={data} panel="admin" />
          {canWrite && <ReplyForm formContactId={data.id} />}
        </>
      ) : (
        <p className={styles.muted}>{t('common:loading')}</p>
      )}
    </SidePanel>
  );
}

function Facts({ contact, canWrite }: { contact: FormContactDto; canWrite: boolean }) {
  const { t } = useTranslation('support');
  const change = useChangeStatus(contact.id);
  const onStatus = async (status: FormContactStatus) => {
    try {
      await change.mutateAsync(status);
      notify.success(t('admin.statusChanged', { status: t(`status.${status}`) }));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };
  const facts: [string, ReactNode][] = [
    [
      t('admin.organisation'),
      `${contact.organisation.name} (${t(`organisationKinds.${contact.organisation.kind}`)})`,
    ],
    [
      t('admin.sender'),
      contact.submitter
        ? `${contact.submitter.name} <${contact.submitter.email}>`
        : t('thread.unknownSender'),
    ],
    [t('admin.sent'), formatDateTime(contact.createdAt)],
  ];
  return (
    <>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <SelectField
        className={styles.statusField}
        label={t('admin.status')}
        value={contact.status}
        disabled={!canWrite || change.isPending}
        onChange={(event) => void onStatus(event.target.value as FormContactStatus)}
        options={formContactStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
      />
    </>
  );
}
