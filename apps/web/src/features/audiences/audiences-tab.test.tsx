import { audienceMessages } from '@rtb/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { pageTestHooks, renderWithToasts } from '../agencies/test-utils';
import { AudiencesTab } from './audiences-tab';
import { audiencesReply, makeAudience } from './test-fixtures';

pageTestHooks();
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

const writer = makeMe('advertiser');
const reader = makeMe('advertiser', { localRole: 'viewer', permissions: ['integrations:read'] });
const abandoners = makeAudience();
const garden = makeAudience({
  id: 8,
  name: 'Garden fans',
  rule: 'product_type_viewers',
  productType: 'Home > Garden',
  lookbackDays: 1,
  estimatedSize: 0,
  campaignCount: 0,
});

const show = (handlers = {}, profile = writer) => {
  const calls = stubApi({ 'GET /advertiser/audiences': audiencesReply([abandoners, garden]), ...handlers });
  renderWithToasts(<AudiencesTab />, {
    path: '/panel/advertiser/integrations?tab=audiences',
    route: '/panel/advertiser/integrations',
    profile,
  });
  return calls;
};
const rowOf = async (name: string) =>
  (await screen.findByRole('button', { name: `Open “${name}”` })).closest('tr') as HTMLElement;

describe('AudiencesTab', () => {
  it('lists the audiences with their rule and lookback, estimated size and campaigns, in both languages', async () => {
    show();
    const row = await rowOf('Abandoned carts');
    expect(within(row).getByText('Cart abandoners, last 30 days')).toBeInTheDocument();
    expect(within(row).getByText('12,345')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(
      within(await rowOf('Garden fans')).getByText('Viewers of Home > Garden, last 1 day'),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('pl'));
    const polish = (await screen.findByRole('button', { name: 'Otwórz „Abandoned carts”' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(polish).getByText('Porzucone koszyki, ostatnie 30 dni')).toBeInTheDocument();
    expect(within(polish).getByText(/^12\s345$/)).toBeInTheDocument();
  });

  it('explains that audiences need the tag when there are none', async () => {
    show({ 'GET /advertiser/audiences': audiencesReply([]) });
    expect(await screen.findByText('No audiences yet')).toBeInTheDocument();
    expect(screen.getByText(/Audiences need the tracking tag/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create audience' }).length).toBeGreaterThan(0);
  });

  it('creates an audience: a product type only for viewers of a type, the lookback 1-90 days, the server’s errors on the fields', async () => {
    let reply = validationError({ productType: [audienceMessages.productTypeRequired] });
    const calls = show({
      'POST /advertiser/audiences': () => reply,
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Create audience' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New audience' });
    expect(within(dialog).getByRole('radio', { name: /Cart abandoners/ })).toBeChecked();
    expect(
      within(dialog).getByText('Visitors who added a product to the cart and have bought nothing since.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Product type')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lookback in days')).toHaveValue('30');

    await fill(user, 'Name', 'Garden lovers');
    await user.click(within(dialog).getByRole('radio', { name: /Viewers of a product type/ }));
    const type = within(dialog).getByLabelText('Product type');
    await user.type(type, 'Home > Garden');
    const lookback = within(dialog).getByLabelText('Lookback in days');
    await user.clear(lookback);
    await user.type(lookback, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lookback).toHaveAccessibleDescription('The lookback must be from 1 to 90 days.'),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(lookback);
    await user.type(lookback, '14');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(type).toHaveAccessibleDescription('Give the product type.'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Garden lovers',
      rule: 'product_type_viewers',
      productType: 'Home > Garden',
      lookbackDays: 14,
    });

    // Another rule sends no product type, and the field goes away.
    reply = [201, { data: { audience: makeAudience({ id: 9, name: 'Garden lovers', rule: 'buyers' }) } }];
    await user.click(within(dialog).getByRole('radio', { name: /Buyers/ }));
    expect(within(dialog).queryByLabelText('Product type')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The audience Garden lovers has been created.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      name: 'Garden lovers',
      rule: 'buyers',
      productType: null,
      lookbackDays: 14,
    });
  });

  it('changes an audience, and shows why one in use cannot be deleted', async () => {
    const calls = show({
      'PUT /advertiser/audiences/7': [200, { data: { audience: makeAudience({ lookbackDays: 7 }) } }],
      'DELETE /advertiser/audiences/7': [
        422,
        {
          message: audienceMessages.audienceInUse.replace('{campaigns}', 'Spring sale, Retargeting'),
          code: 422,
        },
      ],
    });
    await act(() => i18n.changeLanguage('pl'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Otwórz „Abandoned carts”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edycja grupy odbiorców' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(window.confirm).toHaveBeenCalledWith('Usunąć grupę odbiorców „Abandoned carts”?');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Tej grupy odbiorców używają kampanie: Spring sale, Retargeting. Najpierw usuń ją z nich.',
    );

    const lookback = within(dialog).getByLabelText('Okres w dniach');
    await user.clear(lookback);
    await user.type(lookback, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Grupa odbiorców Abandoned carts została zapisana.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      _method: 'PUT',
      name: 'Abandoned carts',
      rule: 'cart_abandoners',
      productType: null,
      lookbackDays: 7,
    });
  });

  it('is read only without integrations:write', async () => {
    show({}, reader);
    await userEvent.click(await screen.findByRole('button', { name: 'Open “Garden fans”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Product type')).toHaveValue('Home > Garden');
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create audience' })).not.toBeInTheDocument();
    expect(vi.mocked(window.confirm)).not.toHaveBeenCalled();
  });
});
