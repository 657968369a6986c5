import type { PermissionMode } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteObject } from 'react-router';
import { NotAvailable } from '../shell/not-available';
import { useCan } from './can';

/**
 * A route element that shows its page only to roles granting `resource` (read by default);
 * others get the no-access screen titled `shell:pages.<titleKey>`. The API refuses them anyway:
 * this spares them a page of errors.
 */
export function RequirePermission({
  resource,
  mode = 'read',
  titleKey,
  children,
}: {
  resource: string;
  mode?: PermissionMode;
  titleKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const allowed = useCan(resource, mode);
  return allowed ? children : <NotAvailable title={t(`pages.${titleKey}`)} />;
}

/** A panel route whose page needs `resource` (read); `titleKey` names it on the no-access screen. */
export function permittedRoute(
  path: string,
  resource: string,
  titleKey: string,
  page: ReactNode,
): RouteObject {
  return {
    path,
    element: (
      <RequirePermission resource={resource} titleKey={titleKey}>
        {page}
      </RequirePermission>
    ),
  };
}
