import { and, eq, sql } from 'drizzle-orm';
import { formatDateTimeIn, MSG } from '@psicocampus/shared/domain';
import { type AssessmentRemark, type SuicideAssessment } from '@psicocampus/shared/columbia';
import { assessmentRemarks, auditLog, suicideAssessments, users } from '../../db/schema';
import { inviteAndSignIn } from '../../../test/helpers/admin';
import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { createStudent, userIdOf } from '../../../test/helpers/patients';
import { pdfText } from '../../../test/helpers/pdf-text';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import { openedRow } from '../../../test/helpers/sealed-rows';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const remark = (token: string, assessmentId: string, finalRemarks: string) =>
  server.call({
    method: 'PUT',
    url: `/api/suicide-assessments/${assessmentId}/final-remarks`,
    token,
    payload: { finalRemarks },
  });

async function assessmentsOf(token: string, studentId: string): Promise<SuicideAssessment[]> {
  const response = await server.call({
    method: 'GET',
    url: `/api/suicide-assessments?studentId=${studentId}`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json().assessments;
}

async function newAssessment(token = lucia) {
  const student = await createStudent(server, token);
  const assessment = await saveAssessment(server, token, student._id, severeAnswers());
  return { studentId: student._id, assessment };
}

/** The database's own words when it refuses `statement` (drizzle wraps them as the cause). */
async function refusal(statement: () => Promise<unknown>): Promise<string> {
  try {
    await statement();
  } catch (error) {
    const messages: string[] = [];
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      messages.push(cause.message);
    }
    return messages.join(' ← ');
  }
  return 'accepted';
}

const texts = (remarks: AssessmentRemark[]) => remarks.map((entry) => entry.text);
const db = () => server.server.database.db;

describe('final remarks are appended, never overwritten (docs/columbia-assessment.md#final-remarks)', () => {
  it('keeps every entry, oldest first, with its author and date', async () => {
    const { studentId, assessment } = await newAssessment();
    expect(assessment.remarks).toEqual([]);

    const firstSent = Date.now();
    const first = await remark(lucia, assessment._id, 'Derivada a psiquiatría.');
    expect(first.statusCode).toBe(200);
    const secondSent = Date.now();
    const second = await remark(
      lucia,
      assessment._id,
      'Acude a control; plan de seguridad vigente.',
    );
    expect(second.statusCode).toBe(200);
    const secondAnswered = Date.now();

    const answered = second.json();
    expect(answered.ok).toBe(true);
    expect(answered.msg).toBe(MSG.assessment.finalRemarksSaved);
    const lucy = { firstName: 'Lucía', lastName: 'Fernández' };
    expect(answered.assessment.remarks).toEqual([
      {
        _id: expect.any(String),
        text: 'Derivada a psiquiatría.',
        createdAt: expect.any(String),
        createdBy: expect.objectContaining(lucy),
      },
      {
        _id: expect.any(String),
        text: 'Acude a control; plan de seguridad vigente.',
        createdAt: expect.any(String),
        createdBy: expect.objectContaining(lucy),
      },
    ]);
    // Each dated when it was written, on the database's clock (docs/data-model.md#times-set-by-the-database).
    const [older, newer] = answered.assessment.remarks as AssessmentRemark[];
    expect(Date.parse(older!.createdAt)).toBeGreaterThanOrEqual(firstSent - 1);
    expect(Date.parse(older!.createdAt)).toBeLessThanOrEqual(secondSent);
    expect(Date.parse(newer!.createdAt)).toBeGreaterThanOrEqual(secondSent - 1);
    expect(Date.parse(newer!.createdAt)).toBeLessThanOrEqual(secondAnswered);
    // The text field of docs/data-model.md#suicide-assessment is the newest entry, for whoever reads only it.
    expect(answered.assessment.finalRemarks).toBe('Acude a control; plan de seguridad vigente.');
    expect(answered.assessment.finalRemarksAt).toBe(newer!.createdAt);

    const [listed] = await assessmentsOf(lucia, studentId);
    expect(listed!.remarks).toEqual(answered.assessment.remarks);
    const summaries = (
      await server.call({ method: 'GET', url: '/api/suicide-assessments', token: lucia })
    ).json().assessments as Array<{ _id: string; hasFinalRemarks: boolean }>;
    expect(summaries.find((item) => item._id === assessment._id)?.hasFinalRemarks).toBe(true);
  });

  it('are audited as the assessment completed, naming the entry but never its text', async () => {
    const { assessment } = await newAssessment();
    const saved = await remark(lucia, assessment._id, 'Texto clínico que no va al registro.');
    const entry = (saved.json().assessment.remarks as AssessmentRemark[])[0]!;
    const rows = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'assessment.final_remarks'), eq(auditLog.recordId, assessment._id)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'success', detail: { remarkId: entry._id } });
    expect(JSON.stringify(rows)).not.toContain('Texto clínico');
  });

  it('stores both of two remarks saved at once', async () => {
    const { studentId, assessment } = await newAssessment();
    const sent = ['Primera, enviada a la vez.', 'Segunda, enviada a la vez.'];
    const answers = await Promise.all(sent.map((text) => remark(lucia, assessment._id, text)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    answers.forEach((answer, index) => {
      expect(texts(answer.json().assessment.remarks)).toContain(sent[index]);
    });
    const [listed] = await assessmentsOf(lucia, studentId);
    expect(texts(listed!.remarks).sort()).toEqual([...sent].sort());
  });

  it('never writes the assessment itself again', async () => {
    const { assessment } = await newAssessment();
    const before = await db()
      .select()
      .from(suicideAssessments)
      .where(eq(suicideAssessments.id, assessment._id));
    await remark(lucia, assessment._id, 'Seguimiento semanal.');
    const after = await db()
      .select()
      .from(suicideAssessments)
      .where(eq(suicideAssessments.id, assessment._id));
    expect(after).toEqual(before);
    // No column is left that a save could rewrite.
    expect(Object.keys(after[0]!)).not.toContain('finalRemarks');
  });

  it('are written by the assessment’s author only', async () => {
    const { studentId, assessment } = await newAssessment();
    await remark(lucia, assessment._id, 'De la autora.');
    // Another psychologist, while the student is not theirs: as if it did not exist.
    const stranger = await remark(martin, assessment._id, 'Ajena.');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().msg).toBe(MSG.assessment.notFound);
    expect((await remark(admin, assessment._id, 'Del administrador.')).statusCode).toBe(403);

    // Once the student is Martín's, he reads the entries but cannot add one.
    const reassigned = await server.call({
      method: 'PUT',
      url: `/api/students/${studentId}/assignment`,
      token: admin,
      payload: { psychologistId: await userIdOf(server, 'psychologist2') },
    });
    expect(reassigned.statusCode).toBe(200);
    const notAuthor = await remark(martin, assessment._id, 'Del nuevo psicólogo.');
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json().msg).toBe(MSG.assessment.finalRemarksOnlyAuthor);
    const [listed] = await assessmentsOf(martin, studentId);
    expect(texts(listed!.remarks)).toEqual(['De la autora.']);
  });
});

describe('the database keeps remarks append-only', () => {
  it('refuses a direct UPDATE, DELETE or TRUNCATE, and deleting the student archives them instead', async () => {
    const { studentId, assessment } = await newAssessment();
    await remark(lucia, assessment._id, 'Registro que nadie puede cambiar.');
    const where = eq(assessmentRemarks.assessmentId, assessment._id);

    for (const attempt of [
      () => db().update(assessmentRemarks).set({ text: 'Reescrita' }).where(where),
      () => db().delete(assessmentRemarks).where(where),
      () => db().execute(sql`truncate ${assessmentRemarks}`),
    ]) {
      expect(await refusal(attempt)).toMatch(/assessment_remarks is append-only/);
    }
    const kept = await db().select().from(assessmentRemarks).where(where);
    const opened = kept.map((row) => openedRow(server.app.ctx.texts, 'assessmentRemarks', row));
    expect(opened.map((row) => row.text)).toEqual(['Registro que nadie puede cambiar.']);

    const deleted = await server.call({
      method: 'DELETE',
      url: `/api/students/${studentId}`,
      token: lucia,
    });
    expect(deleted.json().outcome).toBe('archived');
    expect(await db().select().from(assessmentRemarks).where(where)).toEqual(kept);
    // Nor can the assessment go, taking its remarks (migration 0019).
    expect(
      await refusal(() =>
        db().delete(suicideAssessments).where(eq(suicideAssessments.id, assessment._id)),
      ),
    ).toMatch(/never deleted/);
  });
});

describe('remarks whose author account is removed', () => {
  it('stay, with no author, when the account is deleted from the database', async () => {
    const colleague = await inviteAndSignIn(server, admin);
    const { assessment } = await newAssessment(colleague.token);
    await remark(colleague.token, assessment._id, 'Queda aunque la cuenta se elimine.');
    await db().delete(users).where(eq(users.id, colleague.user._id));
    const kept = await db()
      .select()
      .from(assessmentRemarks)
      .where(eq(assessmentRemarks.assessmentId, assessment._id));
    const opened = kept.map((row) => openedRow(server.app.ctx.texts, 'assessmentRemarks', row));
    expect(opened.map((row) => [row.text, row.authorId])).toEqual([
      ['Queda aunque la cuenta se elimine.', null],
    ]);
  });
});

describe('the assessment PDF', () => {
  it('prints every remark with its author and date', async () => {
    const { assessment } = await newAssessment();
    await remark(lucia, assessment._id, 'Derivada a psiquiatría; «urgente».');
    const last = await remark(lucia, assessment._id, 'Control tras la derivación: estable.');
    const remarks = last.json().assessment.remarks as AssessmentRemark[];

    const response = await server.call({
      method: 'GET',
      url: `/api/pdfassessement/${assessment._id}/report/pdfassessment`,
      token: lucia,
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`${MSG.assessment.finalRemarks} (2)`);
    for (const entry of remarks) {
      // On the service's clock (SERVICE_TIME_ZONE), as the screens show it.
      const when = formatDateTimeIn(entry.createdAt, server.config.serviceTimeZone);
      expect(text).toContain(`${when} · Lucía Fernández`);
      expect(text).toContain(entry.text);
    }
    expect(text.indexOf(remarks[0]!.text)).toBeLessThan(text.indexOf(remarks[1]!.text));
  });

  it('says when there is none yet', async () => {
    const { assessment } = await newAssessment();
    const response = await server.call({
      method: 'GET',
      url: `/api/pdfassessement/${assessment._id}/report/pdfassessment`,
      token: lucia,
    });
    expect(pdfText(response.rawPayload)).toContain(MSG.assessment.remarksEmpty);
  });
});
