import type { FormContactListItem } from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { Column } from '../../shell/list/data-table';
import styles from './support.module.css';

/** A request's subject in a list: it opens the request in the side panel. */
export const subjectColumn = (
  t: TFunction,
  onOpen: (id: number) => void,
  sortField?: string,
): Column<FormContactListItem> => ({
  key: 'subject',
  header: t('columns.subject'),
  sortField,
  cell: (contact) => (
    <button
      type="button"
      className={styles.open}
      aria-label={t('requests.open', { subject: contact.subject })}
      onClick={() => onOpen(contact.id)}
    >
      {contact.subject}
    </button>
  ),
});
