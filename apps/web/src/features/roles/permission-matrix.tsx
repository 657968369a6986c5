import type { PermissionCategoryDto, PermissionMode, RolePermissionInput } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import styles from './roles.module.css';
import { groupName, resourceName } from './roles-api';

const choices = ['none', 'read', 'write'] as const;
type Choice = (typeof choices)[number];

/**
 * The resources of a category, grouped, each None / Read / Write (write includes read). The
 * value is the role's grants; a resource without one is not granted.
 */
export function PermissionMatrix({
  catalogue,
  value,
  onChange,
  disabled,
}: {
  catalogue: PermissionCategoryDto;
  value: RolePermissionInput[];
  onChange: (grants: RolePermissionInput[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('roles');
  const modes = new Map(value.map((grant) => [grant.resource, grant.mode]));
  const choose = (resource: string, choice: Choice) => {
    const others = value.filter((grant) => grant.resource !== resource);
    onChange(choice === 'none' ? others : [...others, { resource, mode: choice as PermissionMode }]);
  };

  return (
    <div className={styles.matrixWrap}>
      <table className={styles.matrix}>
        <caption className="visually-hidden">{t('editor.permissionsHeading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('editor.resource')}</th>
            {choices.map((choice) => (
              <th key={choice} scope="col" className={styles.choice}>
                {t(`modes.${choice}`)}
              </th>
            ))}
          </tr>
        </thead>
        {catalogue.groups.map(({ group, permissions }) => (
          <tbody key={group}>
            <tr>
              <th scope="colgroup" colSpan={choices.length + 1} className={styles.group}>
                {groupName(t, group)}
              </th>
            </tr>
            {permissions.map(({ resource }) => {
              const current: Choice = modes.get(resource) ?? 'none';
              const label = resourceName(t, resource);
              return (
                <tr key={resource} data-granted={current !== 'none' || undefined}>
                  <th scope="row">{label}</th>
                  {choices.map((choice) => (
                    <td key={choice} className={styles.choice}>
                      <input
                        type="radio"
                        name={`permission-${resource}`}
                        value={choice}
                        checked={current === choice}
                        disabled={disabled}
                        aria-label={t('editor.choiceLabel', { resource: label, mode: t(`modes.${choice}`) })}
                        onChange={() => choose(resource, choice)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
