import ICAL from 'ical.js';

/** One event of an iCalendar text as a calendar program reads it (ical.js, not our generator). */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  status: string | null;
  description: string | null;
}

export interface ParsedCalendar {
  method: string | null;
  /** X-WR-TIMEZONE: the zone a subscribing calendar takes as the calendar's. */
  timeZone: string | null;
  events: ParsedEvent[];
}

export function parseCalendar(content: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      summary: event.summary,
      location: (component.getFirstPropertyValue('location') as string | null) ?? null,
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      description: (component.getFirstPropertyValue('description') as string | null) ?? null,
    };
  });
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    timeZone: (calendar.getFirstPropertyValue('x-wr-timezone') as string | null) ?? null,
    events,
  };
}

/** The one event of an invitation, with its METHOD. */
export function parseInvitation(content: string): ParsedEvent & { method: string | null } {
  const { method, events } = parseCalendar(content);
  expect(events).toHaveLength(1);
  return { method, ...events[0]! };
}

/**
 * Words that would say what the service is about, or what happens there:
 * none may appear in a mail to the student or its invitation.
 */
export const CLINICAL_WORDS = [
  'psicol',
  'terap',
  'clínic',
  'clinic',
  'riesgo',
  'suicid',
  'diagnós',
  'ansiedad',
  'depres',
  'salud mental',
  'evaluación',
  'motivo',
  'nota',
];
