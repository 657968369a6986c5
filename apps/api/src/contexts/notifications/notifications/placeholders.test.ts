import { emailTemplates } from '@rtb/db';
import { notificationMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cataloguedTemplateKeys, placeholdersOf, sampleVars } from './catalogue';
import { placeholderErrors, placeholdersIn } from './placeholders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the placeholder catalogue', () => {
  it('covers every seeded template, and every seeded template passes its checks', async () => {
    const templates = await t.database.db.select().from(emailTemplates);
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      expect(cataloguedTemplateKeys(), template.key).toContain(template.key);
      expect(placeholderErrors(template.key, template), `${template.key}/${template.locale}`).toEqual({});
    }
  });

  it('lists the placeholders of a key, the action link required', () => {
    expect(placeholdersOf('password-reset')).toEqual([
      { name: 'productName', required: false },
      { name: 'firstName', required: false },
      { name: 'link', required: true },
      { name: 'validMinutes', required: false },
    ]);
    expect(placeholdersOf('no-such-key')).toEqual([{ name: 'productName', required: false }]);
  });

  it('gives realistic samples: the product, the public URL, the configured lifetimes, a local name', async () => {
    const en = await sampleVars(t.deps, 'account-activation', 'en');
    expect(en).toEqual({
      productName: 'RTB Panel',
      firstName: 'Emma',
      link: 'http://panel.test/account/advertiser/activate?token=sample-activation-token',
      validHours: 72,
    });
    expect((await sampleVars(t.deps, 'account-activation', 'pl')).firstName).toBe('Agnieszka');
    expect((await sampleVars(t.deps, 'password-reset', 'en')).validMinutes).toBe(60);
  });
});

describe('placeholderErrors', () => {
  const html = '<p>Hi {{firstName}}</p><a href="{{ link }}">Go</a>';

  it('accepts known placeholders, with or without spaces', () => {
    expect(placeholderErrors('password-reset', { subject: 'Reset {{productName}}', html })).toEqual({});
  });

  it('refuses names the key does not provide, in the subject and the HTML, once each', () => {
    expect(
      placeholderErrors('account-exists', {
        subject: 'Hi {{lastName}}',
        html: `${html}{{validHours}} {{validHours}} {{first-name}}`,
      }),
    ).toEqual({
      subject: [notificationMessages.unknownPlaceholder('lastName')],
      html: [
        notificationMessages.unknownPlaceholder('validHours'),
        notificationMessages.unknownPlaceholder('first-name'),
      ],
    });
  });

  it('requires the action link in the HTML (in the subject it does not count)', () => {
    expect(
      placeholderErrors('account-activation', { subject: '{{link}}', html: '<p>Hello {{firstName}}</p>' }),
    ).toEqual({ html: [notificationMessages.missingPlaceholder('link')] });
  });

  it('finds every {{...}}, even malformed ones', () => {
    expect(placeholdersIn('{{a}} {{ b }} {{c-d}} {{}} { {e} }')).toEqual(['a', 'b', 'c-d', '']);
  });
});
