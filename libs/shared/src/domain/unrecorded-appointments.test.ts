import type { AppointmentStatus } from './enums';
import { isUnrecorded } from './unrecorded-appointments';

const NOW = Date.parse('2026-11-25T17:00:00.000Z');
const MINUTE = 60_000;

/** An appointment that started `minutesAgo` before NOW. */
const startedAgo = (minutesAgo: number, status: AppointmentStatus = 'SCHEDULED', minutes = 50) => ({
  status,
  date: new Date(NOW - minutesAgo * MINUTE).toISOString(),
  durationMinutes: minutes,
});

describe('an appointment without its attendance recorded', () => {
  it("is one that ended while still 'Programada', from the minute it ends", () => {
    expect(isUnrecorded(startedAgo(50), NOW)).toBe(true);
    expect(isUnrecorded(startedAgo(24 * 60), NOW)).toBe(true);
    expect(isUnrecorded(startedAgo(120, 'SCHEDULED', 90), NOW)).toBe(true);
  });

  it('is not one still going on, nor one to come', () => {
    expect(isUnrecorded(startedAgo(49), NOW)).toBe(false);
    expect(isUnrecorded(startedAgo(60, 'SCHEDULED', 90), NOW)).toBe(false);
    expect(isUnrecorded(startedAgo(-30), NOW)).toBe(false);
  });

  it('is not one already closed, however it ended', () => {
    for (const status of ['ATTENDED', 'NO_SHOW', 'CANCELLED'] as const) {
      expect(isUnrecorded(startedAgo(24 * 60, status), NOW)).toBe(false);
    }
  });
});
