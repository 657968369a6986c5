import { domainListIssues, normaliseDomainList } from '@rtb/shared';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../lib/error-text';
import type { TextAreaFieldProps } from '../../shell/form/textarea-field';
import { TextAreaField } from '../../shell/form/textarea-field';
import { domainLines } from './campaign-form-schema';
import styles from './campaigns.module.css';

/**
 * A pasted list of site domains or app bundles, one a line (hundreds of them): as it is typed it
 * says how many valid unique domains it holds and names each line that is not one (the same
 * rules as the API's, from packages/shared).
 */
export function DomainListField({ text, error, ...field }: TextAreaFieldProps & { text: string }) {
  const { t } = useTranslation('campaigns');
  const id = useId();
  const result = useMemo(() => normaliseDomainList(domainLines(text)), [text]);
  const problems = useMemo(() => domainListIssues(result).map((issue) => issueText(t, issue)), [result, t]);
  // The form's error is one of the lines named below, unless it says something else.
  const ownError = error && !problems.includes(error) ? error : undefined;
  return (
    <div>
      <TextAreaField
        {...field}
        id={`${id}-field`}
        rows={6}
        spellCheck={false}
        autoCapitalize="off"
        error={ownError}
        hint={t('form.domainsHint')}
        aria-invalid={ownError || problems.length > 0 ? true : undefined}
        aria-describedby={[
          ownError ? `${id}-field-error` : `${id}-field-hint`,
          `${id}-count`,
          problems.length > 0 ? `${id}-invalid` : '',
        ]
          .filter(Boolean)
          .join(' ')}
      />
      <p id={`${id}-count`} className={styles.hint} aria-live="polite">
        {t('form.domainsCount', { count: result.domains.length })}
      </p>
      {problems.length > 0 && (
        <ul id={`${id}-invalid`} className={styles.invalidLines}>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
