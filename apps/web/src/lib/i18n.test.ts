import { act } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type TextSet, textSets } from '../locales';
import { i18n, initI18n, loadTextSets, setLocale } from './i18n';
import { cookies } from './storage';

const inUse = () => [i18n.options.ns ?? []].flat();
/** As before any switch (removeResourceBundle would drop the namespaces from those in use). */
const forget = (language: string) => {
  delete i18n.store.data[language];
};

afterEach(async () => {
  await act(() => setLocale('en'));
  cookies.remove('locale');
});
// The other files of this worker find the texts as the test setup leaves them.
afterAll(async () => {
  await initI18n('en');
  await loadTextSets(...(Object.keys(textSets) as TextSet[]));
});

describe('the texts', () => {
  it("start with the public texts in the user's language only", async () => {
    await initI18n('pl');
    expect(textSets.public.every((namespace) => i18n.hasResourceBundle('pl', namespace))).toBe(true);
    expect(i18n.hasResourceBundle('en', 'account')).toBe(false);
    expect(i18n.hasResourceBundle('pl', 'campaigns')).toBe(false);

    await loadTextSets('panels');
    expect(i18n.hasResourceBundle('pl', 'campaigns')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'campaigns')).toBe(false);
    expect(i18n.t('campaigns:steps.goal')).not.toBe('steps.goal');
  });

  it('switch once the texts in use have loaded in the other language, the page keeping its own meanwhile', async () => {
    forget('pl');
    expect(inUse()).toEqual(expect.arrayContaining(['account', 'campaigns']));
    const switched = setLocale('pl');
    expect(i18n.language).toBe('en');
    expect(await switched).toBe(true);
    expect(i18n.language).toBe('pl');
    expect(inUse().every((namespace) => i18n.hasResourceBundle('pl', namespace))).toBe(true);
    expect(cookies.get('locale')).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
  });

  it('do not switch when a namespace in use cannot be loaded in the other language', async () => {
    forget('pl');
    i18n.options.ns = [...inUse(), 'no-such-namespace'];
    try {
      expect(await setLocale('pl')).toBe(false);
    } finally {
      i18n.options.ns = inUse().filter((namespace) => namespace !== 'no-such-namespace');
    }
    expect(i18n.language).toBe('en');
    expect(cookies.get('locale')).toBeUndefined();
  });
});
