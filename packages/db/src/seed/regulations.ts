import type { RegulationType } from '@rtb/shared';
import { and, eq, gt, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { advertiserUsers, agencyUsers, logRegulations, regulations, regulationTexts } from '../schema';

interface Text {
  title: string;
  content: string;
}

/** The first version of each document, in English and Polish; paragraphs are separated by blank lines. */
const firstVersions: Record<RegulationType, { en: Text; pl: Text }> = {
  'terms-of-service': {
    en: {
      title: 'Terms of service',
      content: `1. About these terms
These terms govern the use of the RTB Panel advertising platform (the "Platform") by agencies and advertisers (the "Customer") and their users. By creating an account or by accepting these terms in the panel, the Customer agrees to them on behalf of its organisation.

2. The service
The Platform lets the Customer connect an online shop, prepare banners, run display campaigns bought in real-time auctions on ad exchanges, top up credit and read reports. Agencies may manage advertisers on their behalf and are billed with a commission.

3. Accounts and users
The Customer keeps its users' login details confidential and is responsible for what they do in the panel. Each user acts with the permissions of the role the Customer gives them. Tell us at once about any unauthorised use of an account.

4. Campaigns and content
The Customer is responsible for its banners, landing pages and product data, and warrants that they comply with the law, do not infringe the rights of others and do not advertise prohibited goods or services. We may pause a campaign or reject a creative that breaks these rules or the policies of the ad exchanges.

5. Payments
Campaigns run on prepaid credit or, where agreed, within a credit limit. Spend is charged per impression at the auction's clearing price plus the agreed commission. Amounts are settled in the organisation's currency; invoices are issued for every payment.

6. Reports and measurement
Statistics come from the Platform's own tracking. Differences against other tools may occur; our records are the basis of settlement unless an obvious error is shown.

7. Availability
We aim for uninterrupted operation but may suspend the Platform for maintenance, announced in the panel where possible. We are not liable for interruptions caused by ad exchanges, networks or events beyond our control.

8. Liability
Our liability for any damage is limited to the fees the Customer paid in the three months before the event that caused it, except where the law does not allow such a limit.

9. Changes to these terms
We may publish a new version of these terms. Users are asked to accept it on their next visit; until they do, access to the panel is limited.

10. Contact
Questions about these terms can be sent through the Help & support page of the panel.`,
    },
    pl: {
      title: 'Regulamin',
      content: `1. O regulaminie
Regulamin określa zasady korzystania z platformy reklamowej RTB Panel („Platforma”) przez agencje i reklamodawców („Klient”) oraz ich użytkowników. Zakładając konto lub akceptując regulamin w panelu, Klient przyjmuje go w imieniu swojej organizacji.

2. Usługa
Platforma pozwala Klientowi połączyć sklep internetowy, przygotować banery, prowadzić kampanie display kupowane w aukcjach czasu rzeczywistego na giełdach reklamowych, doładowywać środki i przeglądać raporty. Agencje mogą zarządzać reklamodawcami w ich imieniu i są rozliczane prowizją.

3. Konta i użytkownicy
Klient chroni dane logowania swoich użytkowników i odpowiada za ich działania w panelu. Każdy użytkownik działa z uprawnieniami roli nadanej mu przez Klienta. O każdym nieuprawnionym użyciu konta należy nas niezwłocznie powiadomić.

4. Kampanie i treści
Klient odpowiada za swoje banery, strony docelowe i dane produktów oraz zapewnia, że są zgodne z prawem, nie naruszają praw osób trzecich i nie reklamują zakazanych towarów ani usług. Możemy wstrzymać kampanię lub odrzucić kreację naruszającą te zasady lub zasady giełd reklamowych.

5. Płatności
Kampanie działają na przedpłaconych środkach lub, jeśli tak uzgodniono, w ramach limitu kredytowego. Wydatki są naliczane za każde wyświetlenie według ceny rozliczeniowej aukcji powiększonej o uzgodnioną prowizję. Kwoty rozliczane są w walucie organizacji; do każdej płatności wystawiamy fakturę.

6. Raporty i pomiar
Statystyki pochodzą z własnego śledzenia Platformy. Mogą występować różnice względem innych narzędzi; podstawą rozliczeń są nasze dane, chyba że wykazany zostanie oczywisty błąd.

7. Dostępność
Dążymy do nieprzerwanego działania, ale możemy wstrzymać Platformę na czas prac serwisowych, w miarę możliwości ogłaszanych w panelu. Nie odpowiadamy za przerwy spowodowane przez giełdy reklamowe, sieci lub zdarzenia od nas niezależne.

8. Odpowiedzialność
Nasza odpowiedzialność za szkody jest ograniczona do opłat wniesionych przez Klienta w ciągu trzech miesięcy przed zdarzeniem, które je spowodowało, chyba że prawo nie pozwala na takie ograniczenie.

9. Zmiany regulaminu
Możemy opublikować nową wersję regulaminu. Użytkownicy zostaną poproszeni o jej akceptację przy następnej wizycie; do tego czasu dostęp do panelu jest ograniczony.

10. Kontakt
Pytania dotyczące regulaminu można przesłać przez stronę Pomoc i wsparcie w panelu.`,
    },
  },
  'privacy-policy': {
    en: {
      title: 'Privacy policy',
      content: `1. Who we are
The operator of the RTB Panel platform is the controller of the personal data of the users of agency and advertiser accounts. This policy explains what we collect, why, and what rights you have.

2. What we collect
Account data (name, e-mail address, phone number, language), the data of your organisation needed for billing (company name, tax number, address), and technical data of your use of the panel (IP address, browser, times of sign-in and of changes, kept in the activity log).

3. Why we use it
To provide the service and keep the accounts secure, to settle payments and issue invoices, to answer support requests, and to meet our legal obligations. We rely on the performance of the contract, on legal obligations and on our legitimate interest in protecting the Platform.

4. Data of shop visitors
Campaign tracking records impressions, clicks and conversions with pseudonymous identifiers. The advertiser decides which tags run in its shop and is responsible for informing its visitors and collecting consent where the law requires it.

5. Who receives the data
Hosting and e-mail providers that process data on our behalf, payment operators, and authorities where the law requires it. We do not sell personal data.

6. How long we keep it
Account data for as long as the account exists and afterwards for the period of possible claims; billing documents for the period required by tax law; the activity log for as long as needed to keep the Platform secure.

7. Your rights
You may access, correct and delete your data, restrict or object to its processing, and take it with you. You may also lodge a complaint with the data protection authority.

8. Contact
Write to us through the Help & support page of the panel with any question about your data.`,
    },
    pl: {
      title: 'Polityka prywatności',
      content: `1. Kim jesteśmy
Operator platformy RTB Panel jest administratorem danych osobowych użytkowników kont agencji i reklamodawców. Ta polityka wyjaśnia, jakie dane zbieramy, w jakim celu i jakie prawa Ci przysługują.

2. Jakie dane zbieramy
Dane konta (imię i nazwisko, adres e-mail, numer telefonu, język), dane organizacji potrzebne do rozliczeń (nazwa firmy, NIP, adres) oraz dane techniczne korzystania z panelu (adres IP, przeglądarka, czas logowania i zmian, zapisywane w dzienniku aktywności).

3. W jakim celu
Aby świadczyć usługę i chronić konta, rozliczać płatności i wystawiać faktury, odpowiadać na zgłoszenia oraz wypełniać obowiązki prawne. Podstawą jest wykonanie umowy, obowiązek prawny oraz nasz prawnie uzasadniony interes w ochronie Platformy.

4. Dane odwiedzających sklepy
Śledzenie kampanii zapisuje wyświetlenia, kliknięcia i konwersje z pseudonimowymi identyfikatorami. Reklamodawca decyduje, jakie tagi działają w jego sklepie, i odpowiada za poinformowanie odwiedzających oraz zebranie zgód tam, gdzie wymaga tego prawo.

5. Komu przekazujemy dane
Dostawcom hostingu i poczty przetwarzającym dane w naszym imieniu, operatorom płatności oraz organom, gdy wymaga tego prawo. Nie sprzedajemy danych osobowych.

6. Jak długo je przechowujemy
Dane konta przez czas jego istnienia, a następnie przez okres przedawnienia roszczeń; dokumenty rozliczeniowe przez okres wymagany przepisami podatkowymi; dziennik aktywności tak długo, jak jest to potrzebne do ochrony Platformy.

7. Twoje prawa
Możesz uzyskać dostęp do swoich danych, sprostować je i usunąć, ograniczyć ich przetwarzanie lub wnieść sprzeciw oraz je przenieść. Możesz też złożyć skargę do Prezesa Urzędu Ochrony Danych Osobowych.

8. Kontakt
Z pytaniami o swoje dane napisz do nas przez stronę Pomoc i wsparcie w panelu.`,
    },
  },
};

/**
 * Version 1 of every document type that has no version yet, enabled. Idempotent: a type with
 * any version is left as an admin made it.
 */
export async function seedRegulations(db: Database): Promise<void> {
  for (const [type, texts] of Object.entries(firstVersions) as [RegulationType, { en: Text; pl: Text }][]) {
    const [existing] = await db
      .select({ id: regulations.id })
      .from(regulations)
      .where(eq(regulations.type, type))
      .limit(1);
    if (existing) continue;
    const [created] = await db
      .insert(regulations)
      .values({ type, version: 1, enabled: true })
      .onConflictDoNothing()
      .returning({ id: regulations.id });
    if (!created) continue;
    await db
      .insert(regulationTexts)
      .values(Object.entries(texts).map(([locale, text]) => ({ regulationId: created.id, locale, ...text })));
  }
}

const newer = alias(regulations, 'newer_regulations');

/**
 * The demo organisations accept the current documents, by their first user, so the demo
 * accounts are not asked at sign-in. Idempotent.
 */
export async function acceptCurrentRegulationsForDemo(
  db: Database,
  orgs: { agencyIds: number[]; advertiserIds: number[] },
): Promise<void> {
  const current = await db
    .select({ id: regulations.id })
    .from(regulations)
    .where(
      and(
        eq(regulations.enabled, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(
                eq(newer.type, regulations.type),
                eq(newer.enabled, true),
                gt(newer.version, regulations.version),
              ),
            ),
        ),
      ),
    );
  for (const agencyId of orgs.agencyIds) {
    const [user] = await db
      .select({ accountId: agencyUsers.accountId })
      .from(agencyUsers)
      .where(eq(agencyUsers.agencyId, agencyId))
      .orderBy(agencyUsers.id)
      .limit(1);
    for (const { id } of current)
      await db
        .insert(logRegulations)
        .values({ regulationId: id, agencyId, accountId: user?.accountId ?? null })
        .onConflictDoNothing();
  }
  for (const advertiserId of orgs.advertiserIds) {
    const [user] = await db
      .select({ accountId: advertiserUsers.accountId })
      .from(advertiserUsers)
      .where(eq(advertiserUsers.advertiserId, advertiserId))
      .orderBy(advertiserUsers.id)
      .limit(1);
    for (const { id } of current)
      await db
        .insert(logRegulations)
        .values({ regulationId: id, advertiserId, accountId: user?.accountId ?? null })
        .onConflictDoNothing();
  }
}
