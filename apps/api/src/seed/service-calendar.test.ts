import { serviceCalendar } from './service-calendar';

describe("the service's calendar", () => {
  const guayaquil = serviceCalendar('America/Guayaquil');
  const madrid = serviceCalendar('Europe/Madrid');
  const tokyo = serviceCalendar('Asia/Tokyo');

  it("reads an instant's day and minute on the zone's clock", () => {
    // 02:30 UTC on Tuesday is still Monday evening in Guayaquil, and Tuesday noon in Tokyo.
    const instant = new Date('2026-11-24T02:30:00Z');
    expect(guayaquil.dayOf(instant)).toEqual({ year: 2026, month: 11, day: 23 });
    expect(guayaquil.minuteOf(instant)).toBe(21 * 60 + 30);
    expect(tokyo.dayOf(instant)).toEqual({ year: 2026, month: 11, day: 24 });
    expect(tokyo.minuteOf(instant)).toBe(11 * 60 + 30);
  });

  it('names the instant of a minute of a day on that clock', () => {
    const monday = { year: 2026, month: 11, day: 23 };
    expect(guayaquil.at(monday, 8 * 60).toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(tokyo.at(monday, 8 * 60).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(madrid.at(monday, 16 * 60 + 30).toISOString()).toBe('2026-11-23T15:30:00.000Z');
  });

  it("follows a change to summer time, on both sides of the day's change", () => {
    // Madrid moves from UTC+1 to UTC+2 at 02:00 on 29 March 2026.
    const change = { year: 2026, month: 3, day: 29 };
    expect(madrid.at(change, 60).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(madrid.at(change, 10 * 60).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(madrid.minuteOf(madrid.at(change, 10 * 60))).toBe(10 * 60);
  });

  it('counts weekdays and moves across months and years', () => {
    expect(guayaquil.weekday({ year: 2026, month: 11, day: 23 })).toBe(1);
    expect(guayaquil.weekday({ year: 2026, month: 11, day: 29 })).toBe(0);
    expect(guayaquil.addDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({
      year: 2027,
      month: 1,
      day: 2,
    });
    expect(guayaquil.addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({
      year: 2026,
      month: 2,
      day: 28,
    });
  });
});
