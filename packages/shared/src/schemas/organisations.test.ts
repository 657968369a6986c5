import { describe, expect, it } from 'vitest';
import {
  amountField,
  billingStateOf,
  creditOf,
  fromMinorUnits,
  percentField,
  toMinorUnits,
} from './organisations';

const complete = {
  taxId: 'PL1',
  taxAddress: 'Street 1',
  taxEmail: 'billing@example.com',
  country: { id: 1 },
  currency: { id: 1 },
};

describe('billingStateOf', () => {
  it('needs tax data, country and currency of an agency', () => {
    expect(billingStateOf('agency', complete)).toEqual({ billingComplete: true, billingMissing: [] });
    expect(billingStateOf('agency', { ...complete, taxAddress: '  ', currency: null })).toEqual({
      billingComplete: false,
      billingMissing: ['taxAddress', 'currency'],
    });
  });

  it('also needs the website and a website locale of an advertiser', () => {
    expect(billingStateOf('advertiser', complete).billingMissing).toEqual(['websiteUrl', 'websiteLocales']);
    expect(
      billingStateOf('advertiser', {
        ...complete,
        websiteUrl: 'https://shop.example.com',
        websiteLocales: ['en'],
      }),
    ).toEqual({ billingComplete: true, billingMissing: [] });
  });
});

describe('creditOf', () => {
  it('uses credit while the balance is below zero, when the limit is used', () => {
    expect(creditOf({ balance: -2500, creditLimit: 10000, useCreditLimit: true })).toEqual({
      creditValue: 2500,
      availableCredit: 7500,
    });
    expect(creditOf({ balance: 100, creditLimit: 10000, useCreditLimit: true })).toEqual({
      creditValue: 0,
      availableCredit: 10000,
    });
    expect(creditOf({ balance: -15000, creditLimit: 10000, useCreditLimit: true })).toEqual({
      creditValue: 15000,
      availableCredit: 0,
    });
    expect(creditOf({ balance: -2500, creditLimit: 10000, useCreditLimit: false })).toEqual({
      creditValue: 0,
      availableCredit: 0,
    });
  });
});

describe('form amounts', () => {
  it('turns major units into minor units without floating point', () => {
    expect(toMinorUnits('1234.5')).toBe(123450);
    expect(toMinorUnits('0.07')).toBe(7);
    expect(toMinorUnits('19.99')).toBe(1999);
    expect(fromMinorUnits(123450)).toBe('1234.50');
    expect(amountField.parse('1000')).toBe(100000);
    expect(amountField.safeParse('10.001').success).toBe(false);
    expect(amountField.safeParse('-1').success).toBe(false);
  });

  it('takes percentages from 0 to 100 with up to 2 decimals', () => {
    expect(percentField.parse('12.35')).toBe(12.35);
    expect(percentField.parse(100)).toBe(100);
    expect(percentField.safeParse(100.01).success).toBe(false);
    expect(percentField.safeParse('1.005').success).toBe(false);
    expect(percentField.safeParse('').success).toBe(false);
  });

  it('reads amounts and percentages typed with a Polish decimal comma and spaced thousands', () => {
    expect(amountField.parse('1234,5')).toBe(123450);
    expect(amountField.parse('1\u00a0234,50')).toBe(123450);
    expect(amountField.parse('1 000.25')).toBe(100025);
    expect(amountField.safeParse('1,2,3').success).toBe(false);
    expect(percentField.parse('12,35')).toBe(12.35);
  });
});
