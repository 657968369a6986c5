import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { TermsPage } from './terms-page';
import { makeCurrent } from './test-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(async () => {
  // Unmounted before the language goes back, so no page asks for its document again.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const route = '/terms-of-service/:type';
const show = (type: string) => renderPage(<TermsPage />, { path: `/terms-of-service/${type}`, route });

describe('TermsPage', () => {
  it('shows the current document in the interface language as plain-text paragraphs', async () => {
    const calls = stubApi({
      'GET /regulations/current': [
        200,
        {
          data: {
            regulations: [
              makeCurrent({ content: 'First <b>paragraph</b>.\nSame paragraph.\n\nSecond paragraph.' }),
            ],
          },
        },
      ],
    });
    show('terms-of-service');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms of service' });
    expect(heading.closest('article')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Version 2, in force since 01.05.2024')).toBeInTheDocument();
    const paragraphs = heading.closest('article')?.querySelectorAll('p:not([class*="documentMeta"])');
    expect([...(paragraphs ?? [])].map((p) => p.textContent)).toEqual([
      'First <b>paragraph</b>.\nSame paragraph.',
      'Second paragraph.',
    ]);
    expect(document.querySelector('article b')).toBeNull();
    expect(document.title).toBe('Terms of service - RTB Panel');
    expect(calls[0]?.query.get('type')).toBe('terms-of-service');
    expect(calls[0]?.query.get('locale')).toBe('en');
    expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/terms-of-service/privacy-policy',
    );
  });

  it('asks for the Polish text when the interface is Polish', async () => {
    await i18n.changeLanguage('pl');
    const calls = stubApi({
      'GET /regulations/current': [
        200,
        {
          data: {
            regulations: [
              makeCurrent({ type: 'privacy-policy', locale: 'pl', title: 'Polityka prywatności' }),
            ],
          },
        },
      ],
    });
    show('privacy-policy');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Polityka prywatności' }),
    ).toBeInTheDocument();
    expect(calls[0]?.query.get('locale')).toBe('pl');
    expect(screen.getByText('Wersja 2, obowiązuje od 01.05.2024')).toBeInTheDocument();
  });

  it('an unknown type is Not Found, without asking the API', async () => {
    const calls = stubApi({});
    show('cookies');
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(calls).toHaveLength(0);
  });

  it('a type without a published version is Not Found', async () => {
    stubApi({ 'GET /regulations/current': [200, { data: { regulations: [] } }] });
    show('privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('says when the document cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /regulations/current': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : [200, { data: { regulations: [makeCurrent()] } }],
    });
    show('terms-of-service');
    expect(await screen.findByRole('alert')).toHaveTextContent('The document could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
  });
});
