import type { ErrorCode } from '@rtb/shared';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onApiResponse } from '../../lib/api-client';
import { Icon } from '../icons/icon';
import styles from './maintenance.module.css';

interface MaintenanceValue {
  maintenance: boolean;
  setMaintenance: (on: boolean) => void;
}

const MaintenanceContext = createContext<MaintenanceValue | null>(null);

/** A 503 with the maintenance code switches the flag on; any other response, off. */
export function isMaintenanceResponse(status: number, error: string | undefined): boolean {
  return status === 503 && error === ('common.maintenance' satisfies ErrorCode);
}

/**
 * The maintenance flag (spec section 4), fed by every API response, and its banner at the
 * bottom of the screen. Wraps the whole app, login pages included.
 */
export function MaintenanceProvider({ children, banner = true }: { children: ReactNode; banner?: boolean }) {
  const [maintenance, setMaintenance] = useState(false);
  useEffect(() => onApiResponse((status, error) => setMaintenance(isMaintenanceResponse(status, error))), []);
  const value = useMemo(() => ({ maintenance, setMaintenance }), [maintenance]);
  return (
    <MaintenanceContext.Provider value={value}>
      {children}
      {banner && <MaintenanceBanner />}
    </MaintenanceContext.Provider>
  );
}

export function useMaintenance(): MaintenanceValue {
  const value = useContext(MaintenanceContext);
  if (!value) throw new Error('useMaintenance must be used within MaintenanceProvider');
  return value;
}

/** The banner at the bottom of the screen while the flag is on. */
export function MaintenanceBanner() {
  const { maintenance } = useMaintenance();
  const { t } = useTranslation();
  if (!maintenance) return null;
  return (
    <div className={styles.banner} role="alert">
      <Icon name="tool" size={18} />
      <span>{t('errors.maintenance')}</span>
    </div>
  );
}
