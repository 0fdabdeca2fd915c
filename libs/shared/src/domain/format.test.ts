import { formatIncome, formatMoney, MONEY_CURRENCY, MONEY_LOCALE } from './format';

describe('money (docs/decisions.md#money)', () => {
  it("is shown in the service's locale, es-EC by default, in USD", () => {
    expect(MONEY_LOCALE).toBe('es-EC');
    expect(MONEY_CURRENCY).toBe('USD');
    // Node 20's ICU writes es-EC money with the sign first and no space.
    expect(formatMoney(600)).toBe('$600,00');
    expect(formatMoney(1234.5)).toBe('$1.234,50');
  });

  it('gives a student income, or null when there is none', () => {
    expect(formatIncome(380.5)).toBe('$380,50');
    expect(formatIncome(0)).toBe('$0,00');
    expect(formatIncome(null)).toBeNull();
    expect(formatIncome(undefined)).toBeNull();
  });
});
