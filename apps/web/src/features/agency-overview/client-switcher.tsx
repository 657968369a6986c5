import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { failureListText, failureText } from '../../shell/form/failure-text';
import { Icon } from '../../shell/icons/icon';
import { SearchBox } from '../../shell/list/search-box';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import { useAdvertisers } from '../organisations';
import { logInAs } from '../users';
import styles from './agency-overview.module.css';

/** The clients the switcher lists at once: a search narrows a longer list. */
const LISTED = 25;
const place = { panel: 'agency', kind: 'advertiser' } as const;

/**
 * The agency layout's client switcher: a button in the side bar opens the agency's clients (found
 * by name) and one click enters a client's panel. Choosing the client is the confirmation, so no
 * second question is asked; the API records the "log in as" in the activity log as always, and
 * the sub-account bar leads back. Shown to the users who may log in as their clients' users.
 */
export function ClientSwitcher() {
  const { t } = useTranslation('agency-overview');
  const allowed = useCan('advertiser-users', 'write');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [entering, setEntering] = useState<number | null>(null);
  const clients = useAdvertisers(
    'agency',
    { search: search || undefined, perPage: LISTED, sort: 'name', order: 'asc' },
    allowed && open,
  );
  if (!allowed) return null;

  const enter = async (id: number) => {
    setEntering(id);
    try {
      await logInAs(place, { organisationId: id });
    } catch (error) {
      notify.error(isApiError(error) ? failureListText(t, error) : t('common:errors.communication'));
      setEntering(null);
    }
  };
  const found = clients.data?.elements ?? [];

  return (
    <>
      <button
        type="button"
        className={styles.switcher}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="store" size={18} />
        <span>{t('switcher.button')}</span>
      </button>
      {open && (
        <SidePanel title={t('switcher.title')} subtitle={t('switcher.lead')} onClose={() => setOpen(false)}>
          <SearchBox value={search} onSearch={setSearch} label={t('switcher.search')} />
          {clients.isError && <p role="alert">{failureText(t, clients.error)}</p>}
          {clients.isPending && <p>{t('common:loading')}</p>}
          {clients.isSuccess && found.length === 0 && (
            <p className={styles.note}>{search ? t('switcher.noMatch') : t('switcher.none')}</p>
          )}
          {found.length > 0 && (
            <ul className={styles.switcherList} aria-label={t('switcher.listLabel')}>
              {found.map((client) => (
                <li key={client.id}>
                  <button
                    type="button"
                    className={styles.switcherClient}
                    disabled={entering !== null}
                    aria-busy={entering === client.id}
                    onClick={() => enter(client.id)}
                  >
                    <span className={styles.switcherName}>{client.name}</span>
                    <span className={styles.switcherAction}>
                      {entering === client.id ? t('switcher.entering') : t('switcher.open')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {clients.data && clients.data.meta.total > found.length && (
            <p className={styles.note}>
              {t('switcher.more', { shown: found.length, total: clients.data.meta.total })}
            </p>
          )}
        </SidePanel>
      )}
    </>
  );
}
