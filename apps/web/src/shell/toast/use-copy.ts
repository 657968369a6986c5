import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from './notify';

/** Copies text and says so with the info toast 'Copied to clipboard' (spec section 8). */
export function useCopyToClipboard(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      notify.info(t('copied'));
      return true;
    },
    [t],
  );
}
