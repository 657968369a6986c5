import type { EmailTemplateEntry } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import listStyles from '../../shell/list/list.module.css';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { localeLabel, templateLabel } from './labels';
import { failureText } from './messages';
import styles from './notifications.module.css';
import { useEmailTemplate } from './notifications-api';
import { TemplateEditor } from './template-editor';

/** A template in a side panel: editable with the write permission, read-only otherwise. */
export function TemplatePanel({
  entry,
  canWrite,
  onClose,
}: {
  entry: EmailTemplateEntry;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('notifications');
  const template = useEmailTemplate(entry.id);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  return (
    <SidePanel
      onClose={onClose}
      size="xlarge"
      closeTimestamp={closedAt}
      title={t(canWrite ? 'editor.editTitle' : 'editor.viewTitle', {
        name: templateLabel(t, entry.key),
        language: localeLabel(t, entry.locale),
      })}
      subtitle={entry.key}
    >
      {template.isError ? (
        <div className={listStyles.state} role="alert">
          <p className={listStyles.stateTitle}>{failureText(t, template.error)}</p>
        </div>
      ) : template.data ? (
        <TemplateEditor
          template={template.data}
          canWrite={canWrite}
          onSaved={() => setClosedAt(Date.now())}
        />
      ) : (
        <p className={styles.muted}>{t('common:loading')}</p>
      )}
    </SidePanel>
  );
}
