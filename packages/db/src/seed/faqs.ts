import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { faqs } from '../schema';

const entries = [
  {
    en: [
      'How do I connect my shop?',
      'Open Integrations and add your product feed URL, then place the tracking tag on every page of your shop. The status button in the side bar shows when products and tags arrive.',
    ],
    pl: [
      'Jak podłączyć mój sklep?',
      'Otwórz Integracje i dodaj adres pliku produktowego, a potem umieść tag śledzący na każdej stronie sklepu. Przycisk statusu w pasku bocznym pokaże, kiedy produkty i tagi zaczną docierać.',
    ],
  },
  {
    en: [
      'How do I top up my balance?',
      'Go to Payments and choose Top up. Card payments are credited at once; bank transfers once they reach us.',
    ],
    pl: [
      'Jak doładować saldo?',
      'Przejdź do Płatności i wybierz Doładuj. Płatności kartą są księgowane od razu, przelewy po ich zaksięgowaniu u nas.',
    ],
  },
  {
    en: [
      'Why is my campaign not showing?',
      'Check that the campaign is active, its budget is not spent, your balance covers the spend, and its banners are approved. Reports show impressions within an hour.',
    ],
    pl: [
      'Dlaczego moja kampania się nie wyświetla?',
      'Sprawdź, czy kampania jest aktywna, budżet nie został wyczerpany, saldo pokrywa wydatki, a banery są zaakceptowane. Raporty pokazują wyświetlenia w ciągu godziny.',
    ],
  },
  {
    en: [
      'How do I add a user to my team?',
      'Open Users and choose Add user. The new user gets an e-mail to set their password; their role decides what they may see and change.',
    ],
    pl: [
      'Jak dodać użytkownika do zespołu?',
      'Otwórz Użytkownicy i wybierz Dodaj użytkownika. Nowa osoba dostanie e-mail, by ustawić hasło; rola określa, co może zobaczyć i zmienić.',
    ],
  },
  {
    en: [
      'How fast does support answer?',
      'We answer support requests on working days, usually within a few hours. You see our replies on this page and get them by e-mail.',
    ],
    pl: [
      'Jak szybko odpowiada pomoc techniczna?',
      'Odpowiadamy w dni robocze, zwykle w ciągu kilku godzin. Odpowiedzi zobaczysz na tej stronie i dostaniesz e-mailem.',
    ],
  },
] as const;

/** The demo's FAQs in English and Polish, when there are none yet. */
export async function seedDemoFaqs(db: Database): Promise<void> {
  const [existing] = await db.select({ one: sql`1` }).from(faqs).limit(1);
  if (existing) return;
  await db.insert(faqs).values(
    entries.flatMap((entry, index) =>
      (['en', 'pl'] as const).map((locale) => ({
        locale,
        question: entry[locale][0],
        answer: entry[locale][1],
        position: (index + 1) * 10,
        enabled: true,
      })),
    ),
  );
}
