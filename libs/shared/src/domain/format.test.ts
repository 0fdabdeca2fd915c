import {
  formatDate,
  formatDateTime,
  formatDateTimeIn,
  formatDay,
  formatIncome,
  formatMoney,
  formatShortDateTime,
  MONEY_CURRENCY,
  MONEY_LOCALE,
} from './format';
import {
  BROWSER_TIME_ZONE,
  onServiceTimeZoneChange,
  serviceTimeZone,
  setServiceTimeZone,
} from './service-clock';

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

describe('the short date of a narrow card', () => {
  it("writes day, short month, year and the time on the service's clock, or the zone given", () => {
    expect(formatShortDateTime('2026-11-30T15:30:00.000Z', 'America/Guayaquil')).toBe(
      '30 nov 2026, 10:30',
    );
    expect(formatShortDateTime('2026-11-30T15:30:00.000Z', 'Europe/Madrid')).toBe(
      '30 nov 2026, 16:30',
    );
  });
});

describe("dates and times on the service's clock (docs/decisions.md#one-clock)", () => {
  // 23:30 UTC on 31 December: already the next year in Madrid, still the 31st in Guayaquil.
  const instant = '2026-12-31T23:30:00.000Z';
  /** A zone other than this machine's, so the test means something wherever it runs. */
  const elsewhere = BROWSER_TIME_ZONE === 'Europe/Madrid' ? 'Asia/Tokyo' : 'Europe/Madrid';
  const onClock = (zone: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('es', { ...options, timeZone: zone }).format(new Date(instant));
  const DATE_TIME = {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  } as const;
  const DATE = { year: 'numeric', month: 'long', day: 'numeric' } as const;

  afterEach(() => setServiceTimeZone(null));

  it("uses this machine's zone only until the service's is known", () => {
    expect(formatDateTime(instant)).toBe(onClock(BROWSER_TIME_ZONE, DATE_TIME));
    expect(formatDate(instant)).toBe(onClock(BROWSER_TIME_ZONE, DATE));
  });

  it("shows every date and time on the service's clock once it is known", () => {
    setServiceTimeZone(elsewhere);
    expect(serviceTimeZone()).toBe(elsewhere);
    expect(formatDateTime(instant)).toBe(onClock(elsewhere, DATE_TIME));
    expect(formatDate(instant)).toBe(onClock(elsewhere, DATE));
    expect(formatDateTime(instant)).not.toBe(onClock(BROWSER_TIME_ZONE, DATE_TIME));
  });

  it('takes an explicit zone where one is given (the server always gives it)', () => {
    setServiceTimeZone(elsewhere);
    expect(formatDateTime(instant, 'America/Guayaquil')).toBe(
      '31 de diciembre de 2026 a las 18:30',
    );
    expect(formatDateTimeIn(instant, 'America/Guayaquil')).toBe(
      '31 de diciembre de 2026 a las 18:30',
    );
    expect(formatDate(instant, 'Europe/Madrid')).toBe('1 de enero de 2027');
  });

  it('ignores a zone the runtime does not know, keeping the one it had', () => {
    setServiceTimeZone(elsewhere);
    setServiceTimeZone('Mars/Olympus_Mons');
    expect(serviceTimeZone()).toBe(BROWSER_TIME_ZONE);
    expect(formatDate(instant)).toBe(onClock(BROWSER_TIME_ZONE, DATE));
  });

  it('shows a calendar day (a date without a time) as that day on any clock', () => {
    setServiceTimeZone('Pacific/Kiritimati');
    expect(formatDay('2026-03-05')).toBe('5 de marzo de 2026');
    setServiceTimeZone('Pacific/Pago_Pago');
    expect(formatDay('2026-03-05')).toBe('5 de marzo de 2026');
  });

  it('tells whoever listens when the zone becomes known', () => {
    const heard: string[] = [];
    const stop = onServiceTimeZoneChange(() => heard.push(serviceTimeZone()));
    setServiceTimeZone(elsewhere);
    setServiceTimeZone(elsewhere);
    stop();
    setServiceTimeZone(null);
    expect(heard).toEqual([elsewhere]);
  });
});
