/** The mails the platform sends, in every seeded locale. `{{name}}` placeholders are filled escaped. */
const layout = (body: string) => `<!doctype html>
<html><body style="margin:0;background:#f3f6f4;font-family:Arial,Helvetica,sans-serif;color:#1f2a24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:10px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#15803d;padding-bottom:16px">{{productName}}</td></tr>
<tr><td style="font-size:15px;line-height:1.6">${body}</td></tr>
</table></td></tr></table></body></html>`;

const button = (label: string) =>
  `<p style="margin:24px 0"><a href="{{link}}" style="background:#16a34a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${label}</a></p><p style="font-size:13px;color:#56645b">{{link}}</p>`;

/** A user's own text, kept as they wrote it (line breaks included). */
const quoted = (placeholder: string) =>
  `<p style="white-space:pre-wrap;background:#f3f6f4;border-left:4px solid #16a34a;padding:12px 16px;margin:16px 0">{{${placeholder}}}</p>`;

/** The weekly report's totals: each figure of the week and its change from the week before. */
const weeklyFigures = (heading: { week: string; change: string }, rows: [label: string, name: string][]) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:16px 0;font-size:14px"><tr style="color:#56645b;font-size:13px"><th align="left" style="padding:6px 0;border-bottom:1px solid #dfe6e1"></th> <th align="right" style="padding:6px 0;border-bottom:1px solid #dfe6e1">${heading.week}</th> <th align="right" style="padding:6px 0 6px 12px;border-bottom:1px solid #dfe6e1">${heading.change}</th></tr>${rows
    .map(
      ([label, name]) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #eef2ef">${label}</td> <td align="right" style="padding:6px 0;border-bottom:1px solid #eef2ef;font-weight:bold">{{${name}}}</td> <td align="right" style="padding:6px 0 6px 12px;border-bottom:1px solid #eef2ef;color:#56645b">{{${name}Change}}</td></tr>`,
    )
    .join('')}</table>`;

const campaignsList =
  '<p style="white-space:pre-wrap;background:#f3f6f4;border-radius:8px;padding:12px 16px;margin:8px 0 16px">{{topCampaigns}}</p>';
/** The daily alert digest's lines, one advertiser a line. */
const alertsList =
  '<p style="white-space:pre-wrap;background:#fff7ed;border-left:4px solid #ea580c;padding:12px 16px;margin:8px 0 16px">{{alerts}}</p>';
const smallPrint = (text: string) => `<p style="font-size:13px;color:#56645b">${text}</p>`;

export const emailTemplateSeeds: { key: string; locale: string; subject: string; html: string }[] = [
  {
    key: 'account-activation',
    locale: 'en',
    subject: 'Activate your {{productName}} account',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Confirm your e-mail address to activate your account.</p>${button('Activate account')}<p>The link is valid for {{validHours}} hours.</p>`,
    ),
  },
  {
    key: 'account-activation',
    locale: 'pl',
    subject: 'Aktywuj konto w {{productName}}',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Potwierdź adres e-mail, aby aktywować konto.</p>${button('Aktywuj konto')}<p>Link jest ważny przez {{validHours}} godz.</p>`,
    ),
  },
  {
    key: 'password-reset',
    locale: 'en',
    subject: 'Reset your {{productName}} password',
    html: layout(
      `<p>Hello {{firstName}},</p><p>We received a request to reset your password. If it was you, set a new one:</p>${button('Set a new password')}<p>The link is valid for {{validMinutes}} minutes. If you did not ask for it, ignore this e-mail.</p>`,
    ),
  },
  {
    key: 'password-reset',
    locale: 'pl',
    subject: 'Zresetuj hasło w {{productName}}',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Otrzymaliśmy prośbę o zresetowanie hasła. Jeśli to Ty, ustaw nowe hasło:</p>${button('Ustaw nowe hasło')}<p>Link jest ważny przez {{validMinutes}} min. Jeśli to nie Ty, zignoruj tę wiadomość.</p>`,
    ),
  },
  {
    key: 'account-exists',
    locale: 'en',
    subject: 'Your {{productName}} account already exists',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Someone tried to register a new account with this e-mail address, which already has an account. If it was you, log in or reset your password:</p>${button('Log in')}<p>If it was not you, no action is needed.</p>`,
    ),
  },
  {
    key: 'account-exists',
    locale: 'pl',
    subject: 'Twoje konto w {{productName}} już istnieje',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Ktoś próbował założyć nowe konto na ten adres e-mail, który ma już konto. Jeśli to Ty, zaloguj się lub zresetuj hasło:</p>${button('Zaloguj się')}<p>Jeśli to nie Ty, nic nie musisz robić.</p>`,
    ),
  },
  {
    key: 'password-changed',
    locale: 'en',
    subject: 'Your {{productName}} password was changed',
    html: layout(
      `<p>Hello {{firstName}},</p><p>The password of your account was changed and every other session was signed out. If it was not you, reset your password at once:</p>${button('Reset password')}`,
    ),
  },
  {
    key: 'password-changed',
    locale: 'pl',
    subject: 'Hasło w {{productName}} zostało zmienione',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Hasło do Twojego konta zostało zmienione, a pozostałe sesje wylogowane. Jeśli to nie Ty, od razu zresetuj hasło:</p>${button('Zresetuj hasło')}`,
    ),
  },
  {
    key: 'support-contact',
    locale: 'en',
    subject: 'Support request #{{contactId}}: {{subject}}',
    html: layout(
      `<p>{{senderName}} ({{senderEmail}}) of {{organisationName}} sent a support request.</p><p><strong>{{subject}}</strong></p>${quoted('message')}<p>Attachment: {{attachmentName}}</p>${button('Open in the admin panel')}`,
    ),
  },
  {
    key: 'support-contact',
    locale: 'pl',
    subject: 'Zgłoszenie nr {{contactId}}: {{subject}}',
    html: layout(
      `<p>{{senderName}} ({{senderEmail}}) z {{organisationName}} wysłał(a) zgłoszenie do pomocy technicznej.</p><p><strong>{{subject}}</strong></p>${quoted('message')}<p>Załącznik: {{attachmentName}}</p>${button('Otwórz w panelu administratora')}`,
    ),
  },
  {
    key: 'support-reply',
    locale: 'en',
    subject: 'Reply to your support request: {{subject}}',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Our support team replied to your request <strong>{{subject}}</strong>:</p>${quoted('reply')}${button('See the conversation')}`,
    ),
  },
  {
    key: 'support-reply',
    locale: 'pl',
    subject: 'Odpowiedź na Twoje zgłoszenie: {{subject}}',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Nasz zespół pomocy odpowiedział na Twoje zgłoszenie <strong>{{subject}}</strong>:</p>${quoted('reply')}${button('Zobacz rozmowę')}`,
    ),
  },
  {
    key: 'top-up-request-accepted',
    locale: 'en',
    subject: 'Your top-up of {{amount}} is on your balance',
    html: layout(
      `<p>Hello {{firstName}},</p><p>We received your bank transfer for top-up request {{requestNumber}}: {{amount}} is now on your balance. Invoice {{invoiceNumber}} is ready in the payments page.</p>${button('Open payments')}`,
    ),
  },
  {
    key: 'top-up-request-accepted',
    locale: 'pl',
    subject: 'Doładowanie {{amount}} jest na Twoim saldzie',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Otrzymaliśmy przelew do prośby o doładowanie {{requestNumber}}: kwota {{amount}} jest już na saldzie. Faktura {{invoiceNumber}} czeka na stronie płatności.</p>${button('Otwórz płatności')}`,
    ),
  },
  {
    key: 'top-up-request-rejected',
    locale: 'en',
    subject: 'Your top-up request {{requestNumber}} was rejected',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Your request to top up {{amount}} ({{requestNumber}}) was rejected. The reason given:</p><p style="padding:12px 16px;background:#f3f6f4;border-radius:8px">{{reason}}</p><p>You can send a new request from the payments page.</p>${button('Open payments')}`,
    ),
  },
  {
    key: 'top-up-request-rejected',
    locale: 'pl',
    subject: 'Prośba o doładowanie {{requestNumber}} została odrzucona',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Prośba o doładowanie {{amount}} ({{requestNumber}}) została odrzucona. Podany powód:</p><p style="padding:12px 16px;background:#f3f6f4;border-radius:8px">{{reason}}</p><p>Nową prośbę możesz wysłać ze strony płatności.</p>${button('Otwórz płatności')}`,
    ),
  },
  {
    key: 'invoice',
    locale: 'en',
    subject: 'Invoice {{invoiceNumber}} from {{productName}}',
    html: layout(
      `<p>Hello,</p><p>Attached is invoice {{invoiceNumber}} for {{buyerName}}: {{amount}}, paid. You will also find it in the payments page of the panel.</p>`,
    ),
  },
  {
    key: 'invoice',
    locale: 'pl',
    subject: 'Faktura {{invoiceNumber}} od {{productName}}',
    html: layout(
      `<p>Dzień dobry,</p><p>W załączniku faktura {{invoiceNumber}} dla {{buyerName}}: {{amount}}, opłacona. Znajdziesz ją też na stronie płatności w panelu.</p>`,
    ),
  },
  {
    key: 'banner-rejected',
    locale: 'en',
    subject: 'Your creative {{bannerName}} was rejected',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Our review rejected your creative <strong>{{bannerName}}</strong>. It will not be shown until it is approved.</p><p>Reason: <strong>{{reason}}</strong></p>${quoted('note')}<p>Fix the creative (upload a new file or change its landing page) and send it for review again.</p>${button('Open the creative')}`,
    ),
  },
  {
    key: 'banner-rejected',
    locale: 'pl',
    subject: 'Kreacja {{bannerName}} została odrzucona',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Podczas weryfikacji odrzuciliśmy Twoją kreację <strong>{{bannerName}}</strong>. Nie będzie wyświetlana, dopóki nie zostanie zaakceptowana.</p><p>Powód: <strong>{{reason}}</strong></p>${quoted('note')}<p>Popraw kreację (wgraj nowy plik lub zmień stronę docelową) i ponownie wyślij ją do weryfikacji.</p>${button('Otwórz kreację')}`,
    ),
  },
  {
    key: 'weekly-report',
    locale: 'en',
    subject: '{{advertiserName}}: your week {{period}} on {{productName}}',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Here is how the campaigns of <strong>{{advertiserName}}</strong> did last week, {{period}}, compared with the week before.</p>${weeklyFigures(
        { week: 'Last week', change: 'Change' },
        [
          ['Impressions', 'impressions'],
          ['Clicks', 'clicks'],
          ['CTR', 'ctr'],
          ['Spend', 'spend'],
          ['Conversions', 'conversions'],
          ['Conversion value', 'conversionValue'],
          ['ROAS', 'roas'],
        ],
      )}<p><strong>Top campaigns by spend</strong></p>${campaignsList}${button('Open reports')}${smallPrint(
        'You get this summary every Monday because it is turned on in <a href="{{settingsLink}}" style="color:#15803d">your user settings</a>, where you can turn it off.',
      )}`,
    ),
  },
  {
    key: 'weekly-report',
    locale: 'pl',
    subject: '{{advertiserName}}: Twój tydzień {{period}} w {{productName}}',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Tak wypadły kampanie <strong>{{advertiserName}}</strong> w ubiegłym tygodniu, {{period}}, w porównaniu z tygodniem wcześniej.</p>${weeklyFigures(
        { week: 'Ubiegły tydzień', change: 'Zmiana' },
        [
          ['Wyświetlenia', 'impressions'],
          ['Kliknięcia', 'clicks'],
          ['CTR', 'ctr'],
          ['Wydatki', 'spend'],
          ['Konwersje', 'conversions'],
          ['Wartość konwersji', 'conversionValue'],
          ['ROAS', 'roas'],
        ],
      )}<p><strong>Kampanie o największych wydatkach</strong></p>${campaignsList}${button('Otwórz raporty')}${smallPrint(
        'Otrzymujesz to podsumowanie w każdy poniedziałek, ponieważ jest włączone w <a href="{{settingsLink}}" style="color:#15803d">Twoich ustawieniach użytkownika</a>, gdzie możesz je wyłączyć.',
      )}`,
    ),
  },
  {
    key: 'alert-digest',
    locale: 'en',
    subject: 'Alerts on {{date}}: {{advertisers}}',
    html: layout(
      `<p>Hello {{firstName}},</p><p>This is what needs your attention this morning, {{date}}:</p>${alertsList}${button('Open the panel')}${smallPrint(
        'You get this digest on the mornings when something needs attention, because it is turned on in <a href="{{settingsLink}}" style="color:#15803d">your user settings</a>, where you can turn it off.',
      )}`,
    ),
  },
  {
    key: 'alert-digest',
    locale: 'pl',
    subject: 'Alerty z {{date}}: {{advertisers}}',
    html: layout(
      `<p>Dzień dobry {{firstName}},</p><p>Oto co wymaga Twojej uwagi dziś rano, {{date}}:</p>${alertsList}${button('Otwórz panel')}${smallPrint(
        'Otrzymujesz to podsumowanie w te poranki, gdy coś wymaga uwagi, ponieważ jest włączone w <a href="{{settingsLink}}" style="color:#15803d">Twoich ustawieniach użytkownika</a>, gdzie możesz je wyłączyć.',
      )}`,
    ),
  },
];
