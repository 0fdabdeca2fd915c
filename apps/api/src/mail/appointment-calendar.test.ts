import { parseInvitation } from '../../test/helpers/ics';
import { appointmentUid, invitationCalendar } from './appointment-calendar';

const EVENT = {
  appointmentId: '0b8a2f6e-4a8f-4c1e-9a57-6d1f2f3c4b5a',
  version: 3,
  start: new Date('2026-12-01T15:00:00Z'),
  durationMinutes: 45,
  summary: 'Cita en PsicoCampus',
  location: 'Edificio B, oficina 204',
  attendee: 'estudiante@psicocampus.test',
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
});
