import type { OverviewAlert } from '@rtb/shared';

/**
 * Each alert in words, as the overview's chips name them (the web's `agency-overview` texts,
 * `alerts.*`), in the mail's language (Polish, else English).
 */
const alertWords: Record<'en' | 'pl', Record<OverviewAlert, string>> = {
  en: {
    funds_exhausted: 'No funds',
    low_balance: 'Low balance',
    not_serving: 'Not serving',
    creative_rejected: 'Creative rejected',
    feed_failing: 'Feed failing',
    tag_silent: 'Tag silent',
  },
  pl: {
    funds_exhausted: 'Brak środków',
    low_balance: 'Niskie saldo',
    not_serving: 'Brak emisji',
    creative_rejected: 'Odrzucona kreacja',
    feed_failing: 'Błąd feedu',
    tag_silent: 'Tag milczy',
  },
};

export const alertWord = (alert: OverviewAlert, locale: string) =>
  alertWords[locale === 'pl' ? 'pl' : 'en'][alert];
