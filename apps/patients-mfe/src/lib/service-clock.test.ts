import {
  fromZonedInputValue,
  isSameDayIn,
  toZonedInputValue,
  zonedInputToIso,
} from './service-clock';

describe("the service's clock", () => {
  it('reads a typed date-time as the service’s zone does, on either side of a change of hour', () => {
    // Madrid is UTC+1 in winter and UTC+2 in summer (from 29 March 2026).
    expect(fromZonedInputValue('2026-03-28T10:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(fromZonedInputValue('2026-03-30T10:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    expect(fromZonedInputValue('2026-11-26T10:00', 'America/Guayaquil').toISOString()).toBe(
      '2026-11-26T15:00:00.000Z',
    );
  });

  it('writes an instant back as the same wall-clock value', () => {
    const instant = Date.parse('2026-11-26T15:00:00.000Z');
    expect(toZonedInputValue(instant, 'America/Guayaquil')).toBe('2026-11-26T10:00');
    expect(toZonedInputValue(instant, 'Asia/Tokyo')).toBe('2026-11-27T00:00');
  });

  it('leaves what names no date-time as typed, for the schema to refuse', () => {
    expect(Number.isNaN(fromZonedInputValue('mañana', 'Europe/Madrid').getTime())).toBe(true);
    expect(zonedInputToIso('mañana', 'Europe/Madrid')).toBe('mañana');
  });

  it('counts days from the zone’s midnight', () => {
    // 03:00 UTC on 1 December is still 30 November in Guayaquil.
    const lateNight = Date.parse('2026-12-01T03:00:00Z');
    expect(isSameDayIn(lateNight, Date.parse('2026-11-30T15:00:00Z'), 'America/Guayaquil')).toBe(
      true,
    );
    expect(isSameDayIn(lateNight, Date.parse('2026-11-30T15:00:00Z'), 'UTC')).toBe(false);
  });
});
