import { campaignMessages, domainMessages, issueOfText } from '@rtb/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { issueText } from '../../lib/error-text';
import { i18n } from '../../lib/i18n';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** A text the API sent, shown as the web shows it: by the code and values the API sends with it. */
const localise = (text: string) => {
  const issue = issueOfText(text);
  if (!issue) throw new Error(`no code for ${text}`);
  return issueText(i18n.t, issue);
};

afterEach(() => i18n.changeLanguage('en'));

describe('the API’s campaign texts', () => {
  it('are translated with their values: statuses by name, minimums as numbers, lines as they came', async () => {
    const moved = fill(campaignMessages.statusChangeNotAllowed, { from: 'draft', to: 'paused' });
    const minimum = fill(campaignMessages.bidBelowMinimum, { min: '1,000.00' });
    const line = fill(domainMessages.invalidDomain, { line: '7', value: 'not a domain' });
    expect(localise(moved)).toBe('A campaign cannot go from draft to paused.');
    expect(localise(minimum)).toBe('The maximum CPM must be at least 1,000.00.');

    await i18n.changeLanguage('pl');
    expect(localise(moved)).toBe('Kampania nie może przejść ze stanu „szkic” do „wstrzymana”.');
    expect(localise(minimum)).toBe('Maksymalny CPM musi wynosić co najmniej 1000,00.');
    expect(localise(line)).toBe('Wiersz 7 nie jest domeną: not a domain.');
  });
});
