import { type BannerRejectionReason, DEFAULT_LOCALE } from '@rtb/shared';

/**
 * The rejection reasons as the mail to the advertiser names them, in each language the seeded
 * templates have (the web app names them in its own locale files).
 */
const reasonNames: Record<string, Record<BannerRejectionReason, string>> = {
  en: {
    misleading: 'Misleading content',
    prohibited_content: 'Prohibited content',
    adult_content: 'Adult content',
    poor_quality: 'Poor technical quality',
    landing_page_broken: 'The landing page does not work',
    landing_page_mismatch: 'The landing page does not match the creative',
    trademark: 'Trademark infringement',
    other: 'Other reason',
  },
  pl: {
    misleading: 'Treści wprowadzające w błąd',
    prohibited_content: 'Treści zabronione',
    adult_content: 'Treści dla dorosłych',
    poor_quality: 'Niska jakość techniczna',
    landing_page_broken: 'Strona docelowa nie działa',
    landing_page_mismatch: 'Strona docelowa nie pasuje do kreacji',
    trademark: 'Naruszenie znaku towarowego',
    other: 'Inny powód',
  },
};

/** The reason's name in `locale`, in English for a language without names. */
export function rejectionReasonName(reason: BannerRejectionReason, locale: string): string {
  return (reasonNames[locale] ?? reasonNames[DEFAULT_LOCALE])?.[reason] ?? reason;
}
