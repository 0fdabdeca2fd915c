import { createHash } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import ical, {
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
  type ICalEventData,
} from 'ical-generator';
import { formatDateTimeIn } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';

/** What an invitation does in the student's calendar (RFC 5546): add or update, or remove. */
export type CalendarMethod = 'REQUEST' | 'CANCEL';

const PRODUCT_ID = { company: 'PsicoCampus', product: 'Agenda', language: 'ES' };

/**
 * The one UID of an appointment's event, in every invitation and in the
 * psychologist's feed: calendars match an update or a cancellation to the
 * event they hold by it. Derived from the appointment's id without showing
 * it: the id is the database's, and a calendar is shared more freely than the app.
 */
export function appointmentUid(appointmentId: string): string {
  const digest = createHash('sha256').update(`appointment:${appointmentId}`).digest('hex');
  return `${digest.slice(0, 32)}@psicocampus`;
}

/**
 * The event's SEQUENCE: 0 for a new appointment, then raised with its
 * version, which every change raises (a move, an edit, its closing). A
 * calendar applies an update only over a lower SEQUENCE.
 */
export function appointmentSequence(version: number): number {
  return Math.max(0, version - 1);
}

export interface InvitationEvent {
  appointmentId: string;
  version: number;
  start: Date;
  durationMinutes: number;
  /** The event's title: no name, no reason (SERVER_MSG.mail.appointment.eventTitle). */
  summary: string;
  location: string;
  /** The service's sender, as MAIL_FROM has it ('PsicoCampus <no-responder@…>'). */
  organizer: string;
  attendee: string;
  /** The service's zone (config.serviceTimeZone), the clock the event's time is said on. */
  timeZone: string;
}

/**
 * A one-event iCalendar invitation (RFC 5545 with RFC 5546's METHOD) that
 * the student's mail program offers to add to their calendar, or, with
 * CANCEL, to remove from it. Times in UTC: each calendar shows them in its
 * own zone.
 */
export function invitationCalendar(
  method: CalendarMethod,
  event: InvitationEvent,
  now: Date,
): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    method: method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  onServiceClock(calendar, event.timeZone);
  calendar.createEvent({
    id: appointmentUid(event.appointmentId),
    sequence: appointmentSequence(event.version),
    stamp: now,
    start: event.start,
    end: new Date(event.start.getTime() + event.durationMinutes * 60_000),
    summary: event.summary,
    description: whenOnServiceClock(event.start, event.timeZone),
    location: event.location,
    organizer: organizerOf(event.organizer),
    attendees: [{ email: event.attendee, rsvp: false }],
    status: method === 'REQUEST' ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
  });
  return icsText(calendar);
}

/**
 * MAIL_FROM ('PsicoCampus <no-responder@…>', '"Servicio, UNI" <…>', a bare
 * address) as the invitation's organizer: its name and address, read as a
 * mail program would, so that quotes never end up in the calendar's name.
 */
function organizerOf(from: string): { name: string; email: string } | string {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address) return from;
  return { name: first.name || first.address, email: first.address };
}

/**
 * The service's clock in a calendar (docs/decisions.md#one-clock): the
 * instants stay in UTC, exact for every calendar program, while the
 * calendar names the service's zone (X-WR-TIMEZONE, which subscribing
 * programs take as the calendar's) and each event says its time in words
 * on that clock, as the screens and the mails do.
 */
function onServiceClock(calendar: ICalCalendar, timeZone: string): void {
  calendar.x([['X-WR-TIMEZONE', timeZone]]);
}

function whenOnServiceClock(start: Date, timeZone: string): string {
  return SERVER_MSG.calendar.eventWhen(formatDateTimeIn(start, timeZone), timeZone);
}

/**
 * A calendar's text as RFC 5545 §3.1 writes it: every line, the last one
 * too, ends with CRLF (ical-generator leaves the last without one, which
 * strict readers refuse).
 */
function icsText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** The METHOD an invitation stored in the mail queue carries, for the mail's content type. */
export function calendarMethodOf(content: string): CalendarMethod {
  return /^METHOD:CANCEL\r?$/m.test(content) ? 'CANCEL' : 'REQUEST';
}

export type FeedEvent = Pick<ICalEventData, 'summary'> & {
  appointmentId: string;
  version: number;
  start: Date;
  durationMinutes: number;
  cancelled: boolean;
  updatedAt: Date;
};

/** A psychologist's agenda as a calendar their calendar program subscribes to, on the service's clock (`timeZone`). */
export function feedCalendar(
  name: string,
  events: FeedEvent[],
  now: Date,
  timeZone: string,
): string {
  const calendar = ical({ prodId: PRODUCT_ID, name, method: ICalCalendarMethod.PUBLISH });
  onServiceClock(calendar, timeZone);
  for (const event of events) {
    calendar.createEvent({
      id: appointmentUid(event.appointmentId),
      sequence: appointmentSequence(event.version),
      stamp: now,
      lastModified: event.updatedAt,
      start: event.start,
      end: new Date(event.start.getTime() + event.durationMinutes * 60_000),
      summary: event.summary,
      description: whenOnServiceClock(event.start, timeZone),
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return icsText(calendar);
}
