import type { OrganisationRegulationDto } from '@rtb/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfile } from '../../auth/profile-context';
import { logout } from '../../auth/session';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import type { PanelGate } from '../../shell/panel-gate';
import { logoutDestination } from '../../shell/profile-info';
import { notify } from '../../shell/toast/notify';
import styles from './regulations.module.css';
import { failureText, termsPath, useAcceptRegulations, useMeRegulation } from './regulations-api';

type OrganisationKind = 'agency' | 'advertiser';

/**
 * Whether the panel is still waiting for the regulations: being checked, or the dialog asking
 * for acceptance is up. Whatever else wants the user's attention (the welcome popup, the tour)
 * waits for it.
 */
export function useRegulationGatePending(kind: OrganisationKind): boolean {
  const { i18n } = useTranslation('regulations');
  const { profile } = useProfile();
  const state = useMeRegulation(kind, i18n.language);
  if (state.isPending) return true;
  return !!state.data && !state.data.hasRegulationAccepted && !profile?.hasSourceUser;
}

/**
 * Agency and advertiser panels: until the organisation has accepted the current regulations,
 * a modal dialog asks for it (the panel waits behind it). A "log in as" session cannot accept
 * on the user's behalf, so it only gets a notice.
 */
export function RegulationGate({ kind }: { kind: OrganisationKind }) {
  const { t, i18n } = useTranslation('regulations');
  const { profile } = useProfile();
  const state = useMeRegulation(kind, i18n.language);
  // A failed check does not lock anyone out: the API does not depend on it.
  if (!state.data || state.data.hasRegulationAccepted) return null;
  if (profile?.hasSourceUser) {
    return (
      <p role="status" className={styles.notice}>
        {t('gate.impersonatedNotice')}
      </p>
    );
  }
  return (
    <RegulationDialog
      kind={kind}
      pending={state.data.regulations.filter((regulation) => !regulation.accepted)}
    />
  );
}

function RegulationDialog({
  kind,
  pending,
}: {
  kind: OrganisationKind;
  pending: OrganisationRegulationDto[];
}) {
  const { t, i18n } = useTranslation('regulations');
  const { profile, setProfile } = useProfile();
  const navigate = useNavigate();
  const accept = useAcceptRegulations(kind, i18n.language);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  // Modal: the rest of the panel is out of reach until the documents are accepted.
  const show = () => {
    const dialog = dialogRef.current;
    if (dialog?.isConnected && !dialog.open) dialog.showModal();
  };
  useEffect(show, []);

  const onAccept = () =>
    accept.mutate(
      pending.map((regulation) => regulation.id),
      { onSuccess: () => notify.success(t('gate.accepted')) },
    );

  const onLogout = async () => {
    const destination = logoutDestination(kind, profile?.role);
    await logout(kind); // clears the session even when the call fails
    await navigate(destination, { replace: true });
    setProfile(null);
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape does not dismiss it; should the browser close it anyway, it opens again.
      onCancel={(event) => event.preventDefault()}
      onClose={show}
    >
      <div className={styles.dialogBody}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('gate.title')}
        </h2>
        <p id={textId} className={styles.dialogText}>
          {t('gate.text')}
        </p>
        <ul className={styles.documentList}>
          {pending.map((regulation) => (
            <li key={regulation.id} className={styles.documentItem}>
              <a href={termsPath(regulation.type)} target="_blank" rel="noopener noreferrer">
                {regulation.title}
                <span className="visually-hidden"> {t('gate.newTab')}</span>
              </a>
              <span className={styles.muted}>{t('gate.version', { version: regulation.version })}</span>
            </li>
          ))}
        </ul>
        <FormError
          message={
            accept.error &&
            (isApiError(accept.error) ? failureText(t, accept.error) : t('common:errors.communication'))
          }
        />
        <div className={styles.dialogActions}>
          <Button variant="outline" color="white" onClick={() => void onLogout()}>
            {t('gate.logout')}
          </Button>
          <Button loading={accept.isPending} onClick={onAccept}>
            {t('gate.accept')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}

/** The regulations as the panels' layout puts them before everything else. */
export const regulationGate: PanelGate = { Gate: RegulationGate, usePending: useRegulationGatePending };
