/**
 * The session's numbers are code in one place
 * (libs/shared/src/domain/session-timings.ts), but the pages that tell people
 * and operators about them must say them in minutes and hours, and so must
 * the warning the page shows. Each of those copies is held here to the
 * constants, so that changing one without the others fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MSG, SESSION_TIMINGS } from '@psicocampus/shared/domain';

const root = path.resolve(__dirname, '../..');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const minutes = (ms: number) => ms / MINUTE;
const hours = (ms: number) => ms / HOUR;

/** A page of the repository with its line breaks and indentation as single spaces. */
function page(file: string): string {
  return readFileSync(path.join(root, file), 'utf8').replace(/\s+/g, ' ');
}

/** The numbers `pattern` captures in `text`; a sentence reworded fails here, naming it. */
function numbersIn(text: string, pattern: RegExp, where: string): number[] {
  const match = pattern.exec(text);
  if (!match) throw new Error(`${where} no longer says ${pattern}: update this test with it`);
  return match.slice(1).map(Number);
}

describe('the session timings (docs/sign-in-and-sessions.md#sessions)', () => {
  it('keep the warning before the idle end, and the typing keep-alive before the warning', () => {
    expect(SESSION_TIMINGS.typingKeepAliveMs).toBeLessThan(SESSION_TIMINGS.warnAfterMs);
    expect(SESSION_TIMINGS.warnAfterMs).toBeLessThan(SESSION_TIMINGS.idleMs);
    expect(SESSION_TIMINGS.idleMs).toBeLessThan(SESSION_TIMINGS.absoluteMs);
  });

  it('are the numbers docs/sign-in-and-sessions.md states', () => {
    const text = page('docs/sign-in-and-sessions.md');
    const file = 'docs/sign-in-and-sessions.md';
    const pattern =
      /A session ends \*\*(\d+) minutes after the last call\*\* \(the page warns at (\d+) minutes .*?\*\*(\d+) hours after login\*\*/;
    expect(numbersIn(text, pattern, file)).toEqual([
      minutes(SESSION_TIMINGS.idleMs),
      minutes(SESSION_TIMINGS.warnAfterMs),
      hours(SESSION_TIMINGS.absoluteMs),
    ]);
    expect(numbersIn(text, /after (\d+) minutes without calls, makes one call/, file)).toEqual([
      minutes(SESSION_TIMINGS.typingKeepAliveMs),
    ]);
  });

  it('are the numbers of docs/limits-and-budgets.md, SECURITY.md and the README', () => {
    const limits = 'docs/limits-and-budgets.md';
    expect(
      numbersIn(page(limits), /Idle warning \/ end of a session \| (\d+) \/ (\d+) minutes/, limits),
    ).toEqual([minutes(SESSION_TIMINGS.warnAfterMs), minutes(SESSION_TIMINGS.idleMs)]);

    const security = 'SECURITY.md';
    const ends = /it ends after (\d+) minutes idle and (\d+) hours in any case/;
    expect(numbersIn(page(security), ends, security)).toEqual([
      minutes(SESSION_TIMINGS.idleMs),
      hours(SESSION_TIMINGS.absoluteMs),
    ]);

    const readme = 'README.md';
    const pattern =
      /A session ends after \*\*(\d+) minutes without calls\*\* \(the page offers "Seguir conectado" at (\d+)\) and \*\*(\d+) hours after login\*\*/;
    expect(numbersIn(page(readme), pattern, readme)).toEqual([
      minutes(SESSION_TIMINGS.idleMs),
      minutes(SESSION_TIMINGS.warnAfterMs),
      hours(SESSION_TIMINGS.absoluteMs),
    ]);
  });

  it("are what the warning tells: the minutes left between '¿Sigues ahí?' and the end", () => {
    const left = numbersIn(
      MSG.session.idleText,
      /se cerrará en (\d+) minutos/,
      'MSG.session.idleText',
    );
    expect(left).toEqual([minutes(SESSION_TIMINGS.idleMs - SESSION_TIMINGS.warnAfterMs)]);
  });
});
