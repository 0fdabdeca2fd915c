import { formatDateTimeIn } from '@psicocampus/shared/domain';
import { parseInvitation } from '../../test/helpers/ics';
import { appointmentUid, feedCalendar, invitationCalendar } from './appointment-calendar';
import { appointmentMail } from './templates';

const EVENT = {
  appointmentId: '0b8a2f6e-4a8f-4c1e-9a57-6d1f2f3c4b5a',
  version: 3,
  start: new Date('2026-12-01T15:00:00Z'),
  durationMinutes: 45,
  summary: 'Cita en PsicoCampus',
  location: 'Edificio B, oficina 204',
  attendee: 'estudiante@psicocampus.test',
  timeZone: 'America/Guayaquil',
};
const NOW = new Date('2026-11-24T12:00:00Z');

describe('appointment invitations', () => {
  it.each([
    ['PsicoCampus <no-responder@psicocampus.test>', 'PsicoCampus', 'no-responder@psicocampus.test'],
    ['"Servicio, UNI" <agenda@uni.test>', 'Servicio, UNI', 'agenda@uni.test'],
    ['agenda@uni.test', 'agenda@uni.test', 'agenda@uni.test'],
  ])('names MAIL_FROM %s as the organizer a calendar shows', (from, name, email) => {
    const content = invitationCalendar('REQUEST', { ...EVENT, organizer: from }, NOW);
    const organizer = /^ORGANIZER;CN=(.*):mailto:(.*)\r?$/m.exec(content);
    expect(organizer?.[1]).toBe(`"${name}"`);
    expect(organizer?.[2]).toBe(email);
  });

  it('writes one event in UTC with its METHOD, a UID that hides the id and a SEQUENCE from the version', () => {
    const content = invitationCalendar(
      'CANCEL',
      { ...EVENT, organizer: 'PsicoCampus <no-responder@psicocampus.test>' },
      NOW,
    );
    expect(content).toMatch(/^DTSTART:20261201T150000Z\r?$/m);
    expect(content).not.toContain(EVENT.appointmentId);
    expect(parseInvitation(content)).toMatchObject({
      method: 'CANCEL',
      uid: appointmentUid(EVENT.appointmentId),
      sequence: 2,
      status: 'CANCELLED',
      location: 'Edificio B, oficina 204',
    });
  });

  it("says the time on the service's clock and names that zone, the instants staying exact in UTC", () => {
    const content = invitationCalendar(
      'REQUEST',
      { ...EVENT, organizer: 'PsicoCampus <no-responder@psicocampus.test>' },
      NOW,
    );
    // 15:00 UTC is 10:00 in Guayaquil (docs/decisions.md#one-clock).
    expect(content).toMatch(/^X-WR-TIMEZONE:America\/Guayaquil\r?$/m);
    expect(parseInvitation(content).description).toBe(
      `${formatDateTimeIn(EVENT.start, 'America/Guayaquil')} (hora del servicio, America/Guayaquil)`,
    );
    expect(parseInvitation(content).description).toContain('a las 10:00');
    expect(content).toMatch(/^DTSTART:20261201T150000Z\r?$/m);
  });

  it.each(['REQUEST', 'CANCEL'] as const)(
    'ends a %s invitation, and a feed, with the CRLF RFC 5545 §3.1 puts after every line',
    (method) => {
      const invitation = invitationCalendar(method, { ...EVENT, organizer: 'x@uni.test' }, NOW);
      const feed = feedCalendar('Agenda', [], NOW, 'America/Guayaquil');
      for (const content of [invitation, feed]) {
        expect(content.endsWith('END:VCALENDAR\r\n')).toBe(true);
        expect(content.split('\r\n').at(-1)).toBe('');
      }
    },
  );

  it('says the cancellation’s .ics takes the appointment off the calendar, and the others put it on', () => {
    const facts = {
      firstName: 'Ana',
      when: formatDateTimeIn(EVENT.start, 'America/Guayaquil'),
      durationMinutes: 45,
      place: 'en línea',
      calendar: { method: 'CANCEL' as const, content: '' },
    };
    expect(appointmentMail('a@uni.test', 'cancelled', facts).text).toContain(
      'El archivo adjunto (.ics) la quita de tu calendario.',
    );
    expect(appointmentMail('a@uni.test', 'cancelled', facts).text).not.toContain('la añade');
    for (const kind of ['reminder', 'updated'] as const) {
      expect(appointmentMail('a@uni.test', kind, facts).text).toContain('la añade a tu calendario');
    }
  });
});
