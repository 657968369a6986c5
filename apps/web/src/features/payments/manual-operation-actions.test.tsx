import { paymentMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { dismissToasts, headersOf, pln, show } from '../invoices/test-fixtures';
import { ManualOperationActions } from './manual-operation-actions';
import type { MoneyOrganisation } from './manual-operation-organisation';

const admin = makeMe('admin');
const agencyEditor = makeMe('admin', {
  localRole: 'editor',
  permissions: ['agencies:write', 'payments:read'],
});
const agency: MoneyOrganisation = {
  kind: 'agency',
  id: 3,
  name: 'Nowa Agencja',
  currency: pln as MoneyOrganisation['currency'],
  creditLimit: 50000,
  useCreditLimit: true,
};
const TOP_UPS = '/admin/agencies/3/top-ups';
const payment = [201, { data: { payment: { id: 1 } } }] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openOperation = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Balance operation' }));
  return screen.findByRole('dialog', { name: 'Balance operation' });
};

describe('ManualOperationDialog', () => {
  it('tops up by hand in minor units with an Idempotency-Key, then closes', async () => {
    const calls = stubApi({ [`POST ${TOP_UPS}`]: payment });
    show(<ManualOperationActions organisation={agency} />, admin);
    const dialog = await openOperation();
    const user = userEvent.setup();
    expect(within(dialog).getByLabelText('Amount (zł)')).toBeInTheDocument();
    await fill(user, 'Amount (zł)', '150.50');
    await fill(user, 'Reason', 'Paid in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    expect(await screen.findByText('The balance operation has been saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === TOP_UPS)?.body).toEqual({
      type: 'manual_top_up',
      amount: 15050,
      reason: 'Paid in cash',
    });
    expect(headersOf(TOP_UPS)[0]?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("sends a negative correction of an advertiser's balance", async () => {
    const calls = stubApi({ 'POST /admin/advertisers/4/top-ups': payment });
    show(<ManualOperationActions organisation={{ ...agency, kind: 'advertiser', id: 4 }} />, admin);
    const dialog = await openOperation();
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Operation'), 'correction');
    await fill(user, 'Amount (zł)', '-10');
    await fill(user, 'Reason', 'Double booking');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    await screen.findByText('The balance operation has been saved.');
    expect(calls.at(-1)?.body).toEqual({ type: 'correction', amount: -1000, reason: 'Double booking' });
  });

  it('refuses a negative top-up and a short reason before sending', async () => {
    const calls = stubApi({});
    show(<ManualOperationActions organisation={agency} />, admin);
    const dialog = await openOperation();
    const user = userEvent.setup();
    await fill(user, 'Amount (zł)', '-5');
    await fill(user, 'Reason', 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    expect(await within(dialog).findByText('Enter an amount greater than 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason (at least 3 characters).')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the insufficient-funds error on the amount, and retries with the same key', async () => {
    stubApi({ [`POST ${TOP_UPS}`]: validationError({ amount: [paymentMessages.insufficientFunds] }) });
    show(<ManualOperationActions organisation={agency} />, admin);
    const dialog = await openOperation();
    const user = userEvent.setup();
    await user.selectOptions(within(dialog).getByLabelText('Operation'), 'correction');
    await fill(user, 'Amount (zł)', '-900');
    await fill(user, 'Reason', 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    expect(
      await within(dialog).findByText(
        'Not enough funds: the balance and the available credit do not cover this amount.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount (zł)')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    await waitFor(() => expect(headersOf(TOP_UPS)).toHaveLength(2));
    const [first, retry] = headersOf(TOP_UPS);
    expect(retry?.['idempotency-key']).toBe(first?.['idempotency-key']);
  });

  it('says to set the currency first when the organisation has none', async () => {
    stubApi({ [`POST ${TOP_UPS}`]: validationError({ currency: [paymentMessages.currencyNotSet] }) });
    show(<ManualOperationActions organisation={{ ...agency, currency: null }} />, admin);
    const dialog = await openOperation();
    const user = userEvent.setup();
    await fill(user, 'Amount (Currency not set)', '100');
    await fill(user, 'Reason', 'Welcome bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Save the operation' }));
    expect(
      await within(dialog).findByText('Set the currency in the billing data first.', {
        selector: '[role=alert]',
      }),
    ).toBeInTheDocument();
  });
});

describe('CreditLimitDialog', () => {
  const openCredit = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Change credit limit' }));
    return screen.findByRole('dialog', { name: 'Credit limit' });
  };

  it('sets the credit limit in minor units for the organisation, with the reason', async () => {
    const calls = stubApi({ 'POST /admin/log-credits': [201, { data: { logCredit: { id: 1 } } }] });
    show(<ManualOperationActions organisation={agency} />, admin);
    const dialog = await openCredit();
    const amount = within(dialog).getByLabelText('New credit limit (zł)');
    expect(amount).toHaveValue('500.00');
    const user = userEvent.setup();
    await user.clear(amount);
    await user.paste('2000');
    await fill(user, 'Reason', 'Good payment history');
    await user.click(within(dialog).getByRole('button', { name: 'Save the credit limit' }));
    expect(await screen.findByText('The credit limit has been changed.')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      agencyId: 3,
      creditLimit: 200000,
      useCreditLimit: true,
      reason: 'Good payment history',
    });
    expect(headersOf('/admin/log-credits')[0]?.['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows the server's field error when the limit is the same", async () => {
    stubApi({
      'POST /admin/log-credits': validationError({ creditLimit: [paymentMessages.sameCreditLimit] }),
    });
    show(<ManualOperationActions organisation={agency} />, admin);
    const dialog = await openCredit();
    const user = userEvent.setup();
    await fill(user, 'Reason', 'Check');
    await user.click(within(dialog).getByRole('button', { name: 'Save the credit limit' }));
    expect(await within(dialog).findByText('This already is the credit limit.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New credit limit (zł)')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ManualOperationActions', () => {
  it('is hidden from roles that cannot write payments', () => {
    stubApi({});
    show(<ManualOperationActions organisation={agency} />, agencyEditor);
    expect(screen.queryByRole('button', { name: 'Balance operation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change credit limit' })).not.toBeInTheDocument();
  });
});
