import {
  DEFAULT_LOCALE,
  errorTexts,
  type RegulationDto,
  type RegulationTextDto,
  type RegulationType,
} from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useLocales } from '../../account/reference-data';
import { Button } from '../../shell/button/button';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { TextAreaField } from '../../shell/form/textarea-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import styles from './regulations.module.css';
import { failureText, regulationPath, useSaveRegulation } from './regulations-api';

/**
 * The form has a row per language, which may stay empty except English (the API's body only
 * lists the languages that have a text). Its messages are texts of the error table, shown by code.
 */
const formSchema = z.object({
  texts: z
    .array(
      z.object({
        locale: z.string(),
        title: z.string().trim().max(200, errorTexts['regulations.title_too_long']),
        content: z.string().trim().max(100_000, errorTexts['regulations.content_too_long']),
      }),
    )
    .superRefine((texts, ctx) => {
      texts.forEach((text, index) => {
        if (text.locale !== DEFAULT_LOCALE && !text.title && !text.content) return;
        if (!text.title)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'title'],
            message: errorTexts['regulations.title_required'],
          });
        if (!text.content)
          ctx.addIssue({
            code: 'custom',
            path: [index, 'content'],
            message: errorTexts['regulations.content_required'],
          });
      });
    }),
});
type FormValues = z.infer<typeof formSchema>;

/** English first, then every enabled language, then any other language the version has. */
function rowsOf(texts: RegulationTextDto[], enabled: string[]): FormValues['texts'] {
  const locales = [...new Set([DEFAULT_LOCALE, ...enabled, ...texts.map((text) => text.locale)])];
  return locales.map((locale) => {
    const text = texts.find((candidate) => candidate.locale === locale);
    return { locale, title: text?.title ?? '', content: text?.content ?? '' };
  });
}

/**
 * A version's texts, a section per language. Creates a new version of `type`, or saves the
 * texts of the version `id`; `locked` shows them read-only.
 */
export function RegulationTextsForm({
  target,
  texts,
  locked,
}: {
  target: { type: RegulationType } | { id: number };
  texts: RegulationTextDto[];
  locked: boolean;
}) {
  const { t } = useTranslation('regulations');
  const navigate = useNavigate();
  const locales = useLocales();
  const save = useSaveRegulation();
  const languageName = (code: string) =>
    locales.data?.find((locale) => locale.code === code)?.name ?? code.toUpperCase();
  const enabled = (locales.data ?? []).map((locale) => locale.code);
  const form = useApiForm(formSchema, { texts: rowsOf(texts, enabled) });
  const rows = form.watch('texts');
  const errors = form.formState.errors.texts;

  const onSubmit = form.submit(
    async (values) => {
      const filled = values.texts.filter(
        (text) => text.locale === DEFAULT_LOCALE || text.title || text.content,
      );
      const saved: RegulationDto = await save(target, filled);
      if ('id' in target) {
        form.reset({ texts: rowsOf(saved.texts, enabled) });
        notify.success(t('form.saved'));
      } else {
        notify.success(t('form.created', { version: saved.version }));
        return () => navigate(regulationPath(saved.id), { replace: true });
      }
    },
    (error) => failureText(t, error),
  );

  return (
    <section className={styles.card} aria-labelledby="regulation-texts-heading">
      <h2 id="regulation-texts-heading" className={styles.cardHeading}>
        {t('form.heading')}
      </h2>
      <form onSubmit={locked ? undefined : onSubmit} noValidate>
        <FormError message={form.formError} />
        {rows.map((row, index) => (
          <fieldset key={row.locale} className={styles.localeSection} lang={row.locale}>
            <legend className={styles.localeHeading}>
              {row.locale === DEFAULT_LOCALE
                ? t('form.requiredLanguage', { language: languageName(row.locale) })
                : t('form.optionalLanguage', { language: languageName(row.locale) })}
            </legend>
            <TextField
              label={t('form.titleLabel', { language: languageName(row.locale) })}
              readOnly={locked}
              {...form.register(`texts.${index}.title`)}
              error={errors?.[index]?.title?.message}
            />
            <TextAreaField
              label={t('form.contentLabel', { language: languageName(row.locale) })}
              hint={locked ? undefined : t('form.contentHint')}
              readOnly={locked}
              rows={12}
              {...form.register(`texts.${index}.content`)}
              error={errors?.[index]?.content?.message}
            />
          </fieldset>
        ))}
        {!locked && (
          <div className={styles.formActions}>
            <Button type="submit" layout="wide" loading={form.saving}>
              {'id' in target ? t('form.save') : t('form.create')}
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
