import { campaignMessages, domainMessages } from '@rtb/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { campaignMessagesOf } from './campaigns-api';

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

afterEach(() => i18n.changeLanguage('en'));

describe('the API’s campaign texts', () => {
  it('are translated with their values: statuses by name, minimums as numbers, lines as they came', async () => {
    const { localise } = campaignMessagesOf;
    const moved = fill(campaignMessages.statusChangeNotAllowed, { from: 'draft', to: 'paused' });
    const minimum = fill(campaignMessages.bidBelowMinimum, { min: '1,000.00' });
    const line = fill(domainMessages.invalidDomain, { line: '7', value: 'not a domain' });
    expect(localise(i18n.t, moved)).toBe('A campaign cannot go from draft to paused.');
    expect(localise(i18n.t, minimum)).toBe('The maximum CPM must be at least 1,000.00.');

    await i18n.changeLanguage('pl');
    expect(localise(i18n.t, moved)).toBe('Kampania nie może przejść ze stanu „szkic” do „wstrzymana”.');
    expect(localise(i18n.t, minimum)).toBe('Maksymalny CPM musi wynosić co najmniej 1000,00.');
    expect(localise(i18n.t, line)).toBe('Wiersz 7 nie jest domeną: not a domain.');
  });
});
