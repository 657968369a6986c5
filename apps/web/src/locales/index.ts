/**
 * The interface's texts: one JSON file per namespace and language (en/, pl/), loaded in sets. A
 * set is one chunk per language (`<language>/<set>-set.ts`), loaded when a page first needs it
 * and only in the language shown (lib/i18n.ts); switching the language loads the sets in use again.
 */
export const textSets = {
  /** What any page may show before a panel loads: the account pages, the shell. */
  public: ['account', 'common', 'home', 'shell'],
  /** The API's errors by code: pages with forms or lists load them; the login page once the user starts on it. */
  errors: ['errors'],
  /** The admin panel's own features. */
  admin: ['configuration', 'external-apis', 'notifications', 'prediction-models', 'roles'],
  /** Every other feature: a panel's page also shows other features' texts ('reports:metrics.clicks'). */
  panels: [
    'activity-logs',
    'admin-reports',
    'advertisers',
    'agencies',
    'agency-overview',
    'agency-reporting',
    'audiences',
    'banners',
    'campaigns',
    'demo-traffic',
    'forecast',
    'integrations',
    'invoices',
    'me',
    'organisations',
    'payments',
    'performance',
    'products',
    'regulations',
    'reports',
    'retargeting-setup',
    'rtb-views',
    'support',
    'tags',
    'top-up-requests',
    'tour',
    'users',
  ],
} as const;

export type TextSet = keyof typeof textSets;

/** A set's texts in one language, by file ('./common.json'). */
type SetTexts = Record<string, object>;
type SetLoaders = Record<TextSet, () => Promise<{ default: SetTexts }>>;

/** Each language's sets, each its own chunk. */
export const textSetLoaders = {
  en: {
    public: () => import('./en/public-set'),
    errors: () => import('./en/errors-set'),
    admin: () => import('./en/admin-set'),
    panels: () => import('./en/panels-set'),
  },
  pl: {
    public: () => import('./pl/public-set'),
    errors: () => import('./pl/errors-set'),
    admin: () => import('./pl/admin-set'),
    panels: () => import('./pl/panels-set'),
  },
} satisfies Record<string, SetLoaders>;

const setOf = (namespace: string): TextSet | undefined =>
  (Object.keys(textSets) as TextSet[]).find((set) =>
    (textSets[set] as readonly string[]).includes(namespace),
  );

/** One namespace's texts in one language, from its set's chunk. */
export async function loadNamespaceTexts(
  language: keyof typeof textSetLoaders,
  namespace: string,
): Promise<object> {
  const set = setOf(namespace);
  if (!set) throw new Error(`no text set holds the namespace '${namespace}'`);
  const texts = (await textSetLoaders[language][set]()).default[`./${namespace}.json`];
  if (!texts) throw new Error(`locales/${language}/${set}-set.ts has no ${namespace}.json`);
  return texts;
}
