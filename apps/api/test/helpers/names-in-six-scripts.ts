import { saveAssessment, severeAnswers } from './assessments';
import { addNote, createStudent } from './patients';
import type { TestServer } from './test-server';

/**
 * Names the student form accepts, in the scripts a Latin American
 * university's students write them in: each must print in a
 * report exactly as it was typed.
 */
export const NAMES_IN_SIX_SCRIPTS = [
  { script: 'español', firstName: 'María José', lastName: 'Núñez Ibáñez' },
  { script: 'portugués', firstName: 'João', lastName: 'Conceição Gonçalves' },
  { script: 'vietnamita', firstName: 'Thị Ánh', lastName: 'Nguyễn' },
  { script: 'polaco', firstName: 'Małgorzata', lastName: 'Łukasiewicz-Wójcik' },
  { script: 'griego', firstName: 'Ελένη', lastName: 'Παπαδοπούλου' },
  { script: 'cirílico', firstName: 'Ольга', lastName: 'Щербакова' },
] as const;

/** A note in every script at once, with what no font draws: an emoji with its skin tone, and Chinese. */
export const NOTE_IN_SIX_SCRIPTS =
  'Refiere «mejor semana»: Nguyễn, Łódź, Αθήνα, Москва, São Paulo. Dibujó 👍🏽 y escribió 中文.';

/** The note as the report prints it: the emoji as '[emoji]', each other character no font has a glyph for as U+FFFD. */
export const NOTE_AS_PRINTED =
  'Refiere «mejor semana»: Nguyễn, Łódź, Αθήνα, Москва, São Paulo. Dibujó [emoji] y escribió \uFFFD\uFFFD.';

export interface ReportsOfOneName {
  name: string;
  student: Buffer;
  assessment: Buffer;
}

/**
 * Lucía's students with those names, each with the note and an assessment
 * whose description is in that student's script; their two reports as the
 * server sends them.
 */
export async function reportsInSixScripts(
  server: TestServer,
  token: string,
): Promise<ReportsOfOneName[]> {
  const reports: ReportsOfOneName[] = [];
  for (const { firstName, lastName } of NAMES_IN_SIX_SCRIPTS) {
    const student = await createStudent(server, token, { firstName, lastName });
    await addNote(server, token, student._id, NOTE_IN_SIX_SCRIPTS);
    const answers = severeAnswers();
    answers.deathWish.description = `${firstName} ${lastName}: «${NOTE_IN_SIX_SCRIPTS}»`;
    const assessment = await saveAssessment(server, token, student._id, answers);
    const get = async (url: string) => {
      const response = await server.call({ method: 'GET', url, token });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      return response.rawPayload;
    };
    reports.push({
      name: `${firstName} ${lastName}`,
      student: await get(`/api/pdfreport/student/${student._id}`),
      assessment: await get(`/api/pdfassessement/${assessment._id}/report/pdfassessment`),
    });
  }
  return reports;
}
