import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import {
  BEHAVIOUR_QUESTIONS,
  computeRiskLevel,
  IDEATION_QUESTIONS,
  normalizeAssessment,
  riskAnswersOf,
  showsBehaviour,
  showsIdeationDetail,
  showsIntensity,
  showsLethality,
  showsPotentialLethality,
  type AssessmentAnswers,
  type RiskLevel,
} from '@psicocampus/shared/columbia';
import { FHIR_MSG } from '@psicocampus/shared/fhir';
import { auditLog } from '../../db/schema';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { fhirProblems } from '../../../test/helpers/fhir-validation';
import { createStudent } from '../../../test/helpers/patients';
import { signedInPsychologistWithStudent } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { insertAssessment } from '../assessments/assessment.queries';
import { answersOfQuestionnaireResponse } from './questionnaire-response';

/**
 * The Columbia assessment in FHIR R4 (docs/api.md#fhir): every resource valid
 * against the R4 structure definitions, the Questionnaire's flow that of the
 * form, each assessment's answers read back from its QuestionnaireResponse
 * giving the engine's level again, and the PDF's permissions and audit.
 */

const QUESTIONNAIRE = '/api/fhir/Questionnaire/cssrs-since-last-visit';
const responseUrl = (id: string) => `/api/fhir/QuestionnaireResponse/${id}`;
const searchUrl = (studentId: string) =>
  `/api/fhir/QuestionnaireResponse?subject=Patient/${studentId}`;
const pdfUrl = (id: string) => `/api/pdfassessement/${id}/report/pdfassessment`;
const PRODUCT_ITEMS = 'https://psicocampus.example.edu/fhir/CodeSystem/cssrs';
const CONTRADICTION_EXTENSION =
  'https://psicocampus.example.edu/fhir/StructureDefinition/contradicting-answer';
const LOINC = 'http://loinc.org';

interface Coding {
  system?: string;
  code: string;
}
interface QItem {
  linkId: string;
  text: string;
  type: string;
  code?: Coding[];
  enableWhen?: Array<{
    question: string;
    operator: string;
    answerBoolean?: boolean;
    answerCoding?: Coding;
  }>;
  enableBehavior?: 'all' | 'any';
  answerOption?: Array<{ valueCoding: Coding & { display?: string } }>;
  item?: QItem[];
}
interface Resource {
  resourceType: string;
  [key: string]: unknown;
}

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let studentId: string;
let studentEmail: string;

beforeAll(async () => {
  const signedIn = await signedInPsychologistWithStudent({
    firstName: 'Valentina',
    lastName: 'Quispe Andrade',
    phone: '0987654321',
    city: 'Cuenca',
    career: 'Arquitectura',
  });
  ({ server, lucia, martin, admin } = signedIn);
  studentId = signedIn.student._id;
  studentEmail = signedIn.student.email;
});
afterAll(() => server?.close());

const get = (url: string, token: string | null, headers: Record<string, string> = {}) =>
  server.call({ url, token, headers });

function resourceOf(response: LightMyRequestResponse): Resource {
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  return response.json<Resource>();
}

/** The Spanish text of an OperationOutcome's one issue, checking that it is a valid one. */
function outcomeText(response: LightMyRequestResponse): string {
  const outcome = resourceOf(response);
  expect(outcome.resourceType).toBe('OperationOutcome');
  expect(fhirProblems(outcome)).toEqual([]);
  const [issue] = outcome.issue as Array<{ details: { text: string }; diagnostics: string }>;
  expect(issue!.diagnostics).toBe(issue!.details.text);
  return issue!.details.text;
}

function flatItems(items: readonly QItem[] | undefined): QItem[] {
  return (items ?? []).flatMap((item) => [item, ...flatItems(item.item)]);
}

async function questionnaire(): Promise<{ item: QItem[] } & Resource> {
  const response = await get(QUESTIONNAIRE, lucia);
  expect(response.statusCode).toBe(200);
  return resourceOf(response) as { item: QItem[] } & Resource;
}

const yes = (description: string) => ({ present: true, description });

/** One assessment per level the form can save, and what the engine gives each. */
const SAVED_CASES: ReadonlyArray<[RiskLevel, () => AssessmentAnswers]> = [
  ['BAJO', calmAnswers],
  [
    'MODERADO',
    () => ({
      ...calmAnswers(),
      deathWish: yes('Piensa que sería mejor no despertar'),
      nonSpecificActiveSuicidalThoughts: yes('Pensamientos de quitarse la vida tras el examen'),
      activeSuicidalIdeationWithMethods: yes('Pensó en saltar de un puente'),
      ideationIntensity: {
        mostSeriousIdeationType: 3,
        mostSeriousIdeationDescription: 'Imagina el puente de la avenida',
        frequency: 2,
      },
    }),
  ],
  [
    'ALTO',
    () => ({
      ...calmAnswers(),
      actualAttempt: { ...yes('Tomó unas pastillas; no requirió atención'), totalAttempts: 1 },
      lethalityDegree: 0,
      potentialLethality: 1,
      mostLethalAttemptDate: '2026-09-03',
    }),
  ],
  ['MUY_ALTO', severeAnswers],
  ['NO_APLICA', () => ({ ...calmAnswers(), completedSuicide: true })],
];

describe("the server's CapabilityStatement", () => {
  it('is served at /api/fhir/metadata without a session, valid R4, naming what can be read and searched', async () => {
    const response = await get('/api/fhir/metadata', null);
    expect(response.statusCode).toBe(200);
    const statement = resourceOf(response);
    expect(fhirProblems(statement)).toEqual([]);
    expect(statement).toMatchObject({
      resourceType: 'CapabilityStatement',
      status: 'active',
      kind: 'instance',
      fhirVersion: '4.0.1',
      format: expect.arrayContaining(['application/fhir+json', 'json']),
    });
    const [rest] = statement.rest as Array<{
      mode: string;
      resource: Array<{
        type: string;
        interaction: Array<{ code: string }>;
        searchParam?: Array<{ name: string }>;
      }>;
    }>;
    expect(rest!.mode).toBe('server');
    const byType = Object.fromEntries(rest!.resource.map((resource) => [resource.type, resource]));
    expect(byType.Questionnaire!.interaction.map((i) => i.code)).toEqual(['read']);
    expect(byType.QuestionnaireResponse!.interaction.map((i) => i.code)).toEqual([
      'read',
      'search-type',
    ]);
    expect(byType.QuestionnaireResponse!.searchParam?.map((p) => p.name)).toEqual(['subject']);
  });
});

describe('the Questionnaire', () => {
  it("is readable without a session: it holds no one's data, and its canonical URL resolves", async () => {
    const anonymous = await get(QUESTIONNAIRE, null);
    expect(anonymous.statusCode).toBe(200);
    const form = resourceOf(anonymous) as Resource & { url: string };
    expect(form.resourceType).toBe('Questionnaire');
    expect(new URL(form.url).pathname).toBe(QUESTIONNAIRE);
  });

  it('is valid R4, in Spanish, served as application/fhir+json to any signed-in account', async () => {
    const form = await questionnaire();
    expect(fhirProblems(form)).toEqual([]);
    expect(form).toMatchObject({
      resourceType: 'Questionnaire',
      id: 'cssrs-since-last-visit',
      status: 'active',
      language: 'es',
      title: MSG.assessment.title,
    });
    const asAdmin = await get(QUESTIONNAIRE, admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(form);
  });

  it("asks every question of the form in the form's own words, with its options", async () => {
    const items = flatItems((await questionnaire()).item);
    const texts = items.map((item) => item.text);
    for (const question of [...IDEATION_QUESTIONS, ...BEHAVIOUR_QUESTIONS]) {
      expect(texts).toContain(question.question);
    }
    const byCode = (code: string) =>
      items.find((item) => item.code?.some((c) => c.system === PRODUCT_ITEMS && c.code === code));
    expect(byCode('deathWish')!.answerOption!.map((o) => o.valueCoding.display)).toEqual([
      MSG.assessment.yes,
      MSG.assessment.no,
    ]);
    expect(
      byCode('ideationIntensity.frequency')!.answerOption!.map((o) => o.valueCoding.display),
    ).toEqual([
      'Solo una vez',
      'Pocas veces',
      'Muchas veces',
      'Todo el tiempo',
      'No sabe / No aplica',
    ]);
    expect(byCode('lethalityDegree')!.answerOption).toHaveLength(6);
    expect(byCode('completedSuicide')!.text).toBe(MSG.assessment.completedSuicide);
  });

  it('codes items 1 to 5 with the C-SSRS questions of LOINC, as the HL7 behavioural-health guide does', async () => {
    const items = flatItems((await questionnaire()).item);
    const loinc = (key: string) => {
      const item = items.find((candidate) =>
        candidate.code?.some((c) => c.system === PRODUCT_ITEMS && c.code === key),
      )!;
      const code = item.code!.find((c) => c.system === LOINC)?.code;
      return [item.linkId, code];
    };
    expect(IDEATION_QUESTIONS.map((question) => loinc(question.key))).toEqual([
      ['/93246-7', '93246-7'],
      ['/93247-5', '93247-5'],
      ['/93248-3', '93248-3'],
      ['/93249-1', '93249-1'],
      ['/93250-9', '93250-9'],
    ]);
    // No LOINC question matches the behaviour items "since the last visit".
    expect(loinc('actualAttempt')).toEqual(['actualAttempt', undefined]);
  });

  /**
   * Which items R4 enables for these answers: an item is asked when its
   * group is and its `enableWhen` holds, where an item not asked counts as
   * unanswered (written here from the specification, not from the server).
   */
  function enabledLinkIds(items: readonly QItem[], answers: AssessmentAnswers): Set<string> {
    const given = new Map<string, Coding | boolean>();
    const enabled = new Set<string>();
    const valueOf = (item: QItem): Coding | boolean | undefined => {
      const key = item.code?.find((c) => c.system === PRODUCT_ITEMS)?.code ?? '';
      if (key === 'lethalityDegree') {
        return answers.lethalityDegree === null
          ? undefined
          : { code: String(answers.lethalityDegree) };
      }
      const entry = (answers as unknown as Record<string, unknown>)[key];
      const present =
        typeof entry === 'object' && entry !== null && 'present' in entry ? entry.present : null;
      if (typeof present !== 'boolean') return undefined;
      return { system: LOINC, code: present ? 'LA33-6' : 'LA32-8' };
    };
    const walk = (list: readonly QItem[]) => {
      for (const item of list) {
        const results = (item.enableWhen ?? []).map((condition) => {
          const answer = given.get(condition.question);
          if (condition.operator === 'exists')
            return (answer !== undefined) === condition.answerBoolean;
          return typeof answer === 'object' && answer.code === condition.answerCoding!.code;
        });
        const on =
          results.length === 0 ||
          (item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean));
        if (!on) continue;
        enabled.add(item.linkId);
        const value = valueOf(item);
        if (value !== undefined) given.set(item.linkId, value);
        walk(item.item ?? []);
      }
    };
    walk(items);
    return enabled;
  }

  it('enables each section exactly when the form shows it, for every reachable answer', async () => {
    const { item } = await questionnaire();
    const linkIdOf = (code: string) =>
      flatItems(item).find((i) =>
        i.code?.some((c) => c.system === PRODUCT_ITEMS && c.code === code),
      )!.linkId;
    const choices = [null, true, false] as const;
    let checked = 0;
    for (const one of choices)
      for (const two of choices)
        for (const attempt of choices)
          for (const degree of [null, 0, 3]) {
            const draft = calmAnswers();
            draft.deathWish.present = one;
            draft.nonSpecificActiveSuicidalThoughts.present = two;
            draft.activeSuicidalIdeationWithMethods.present = null;
            draft.actualAttempt.present = attempt;
            draft.lethalityDegree = degree;
            // The form cannot answer the behaviour section before it shows.
            if (!showsBehaviour(draft) && attempt !== null) continue;
            const answers = normalizeAssessment(draft);
            const on = enabledLinkIds(item, answers);
            expect({
              answers: [one, two, attempt, degree],
              detail: on.has(linkIdOf('activeSuicidalIdeationWithMethods')),
              intensity: on.has('intensity'),
              behaviour: on.has('behaviour'),
              lethality: on.has('lethality'),
              potential: on.has(linkIdOf('potentialLethality')),
            }).toEqual({
              answers: [one, two, attempt, degree],
              detail: showsIdeationDetail(answers),
              intensity: showsIntensity(answers),
              behaviour: showsBehaviour(answers),
              lethality: showsLethality(answers),
              potential: showsPotentialLethality(answers),
            });
            checked += 1;
          }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('an assessment as a QuestionnaireResponse', () => {
  it.each(SAVED_CASES)(
    '%s: valid R4, and its answers read back give the same engine level',
    async (level, answersOf) => {
      const answers = answersOf();
      const saved = await saveAssessment(server, lucia, studentId, answers);
      expect(saved.riskLevel).toBe(level);
      const response = await get(responseUrl(saved._id), lucia);
      expect(response.statusCode).toBe(200);
      const qr = resourceOf(response);
      expect(fhirProblems(qr)).toEqual([]);
      expect(qr).toMatchObject({
        resourceType: 'QuestionnaireResponse',
        id: saved._id,
        status: 'completed',
      });

      const readBack = answersOfQuestionnaireResponse(qr as never);
      expect(computeRiskLevel(riskAnswersOf(readBack))).toBe(level);
      expect(readBack).toEqual(normalizeAssessment(answers));

      const engine = (qr.contained as Resource[]).find((r) => r.id === 'engine-level')!;
      expect(engine).toMatchObject({
        resourceType: 'Observation',
        valueCodeableConcept: { coding: [{ code: level }], text: MSG.assessment.levels[level] },
        note: [{ text: MSG.assessment.decisionAid }],
        derivedFrom: [{ reference: '#' }],
      });
    },
  );

  it('INDETERMINADO (an assessment stored with an unanswered item): the same level read back', async () => {
    const answers: AssessmentAnswers = {
      ...calmAnswers(),
      preparatoryActs: { present: null, description: '' },
    };
    expect(computeRiskLevel(riskAnswersOf(answers))).toBe('INDETERMINADO');
    const me = await get('/api/auth/me', lucia);
    const row = await insertAssessment(server.app.ctx.db, server.app.ctx.texts, {
      studentId,
      authorId: me.json().user._id,
      answers,
      riskLevel: 'INDETERMINADO',
      createdAt: new Date(),
    });
    const qr = resourceOf(await get(responseUrl(row.id), lucia));
    expect(fhirProblems(qr)).toEqual([]);
    // Interrupted: a required, enabled question has no answer, so it is not 'completed'.
    expect(qr.status).toBe('in-progress');
    const readBack = answersOfQuestionnaireResponse(qr as never);
    expect(readBack.preparatoryActs.present).toBeNull();
    expect(computeRiskLevel(riskAnswersOf(readBack))).toBe('INDETERMINADO');
  });

  it('carries each contradiction of a record stored before they were refused, with its stored value, instead of dropping it (docs/columbia-assessment.md#contradicting-answers)', async () => {
    const answers = calmAnswers();
    answers.actualAttempt = {
      present: false,
      description: 'Ingesta de pastillas',
      totalAttempts: 2,
    };
    const me = await get('/api/auth/me', lucia);
    const row = await insertAssessment(server.app.ctx.db, server.app.ctx.texts, {
      studentId,
      authorId: me.json().user._id,
      answers: { ...answers, lethalityDegree: 1, mostLethalAttemptDate: '2026-09-03' },
      riskLevel: 'BAJO',
      createdAt: new Date(),
    });
    const qr = resourceOf(await get(responseUrl(row.id), lucia));
    expect(fhirProblems(qr)).toEqual([]);
    const said = (qr.extension as Array<{ url: string; extension: Array<Record<string, unknown>> }>)
      .filter((extension) => extension.url === CONTRADICTION_EXTENSION)
      .map((extension) => Object.fromEntries(extension.extension.map((part) => [part.url, part])));
    expect(said).toEqual([
      {
        item: {
          url: 'item',
          valueCoding: { system: PRODUCT_ITEMS, code: 'actualAttempt.description' },
        },
        message: {
          url: 'message',
          valueString: 'Intento Real: hay una descripción aunque la respuesta no es «Sí».',
        },
        storedValue: { url: 'storedValue', valueString: 'Ingesta de pastillas' },
      },
      expect.objectContaining({
        item: expect.objectContaining({
          valueCoding: expect.objectContaining({ code: 'actualAttempt.totalAttempts' }),
        }),
        storedValue: { url: 'storedValue', valueInteger: 2 },
      }),
      expect.objectContaining({
        item: expect.objectContaining({
          valueCoding: expect.objectContaining({ code: 'lethalityDegree' }),
        }),
        storedValue: {
          url: 'storedValue',
          valueCoding: expect.objectContaining({ code: '1', display: '1 · Daño físico menor' }),
        },
      }),
      expect.objectContaining({
        item: expect.objectContaining({
          valueCoding: expect.objectContaining({ code: 'mostLethalAttemptDate' }),
        }),
        storedValue: { url: 'storedValue', valueDate: '2026-09-03' },
      }),
    ]);
    // The answers themselves stay those the Questionnaire asks: "No", and nothing under it.
    const readBack = answersOfQuestionnaireResponse(qr as never);
    expect(readBack.actualAttempt).toEqual({ present: false, description: '', totalAttempts: 0 });

    // A record whose answers agree carries none.
    const calm = await saveAssessment(server, lucia, studentId, calmAnswers());
    expect(resourceOf(await get(responseUrl(calm._id), lucia)).extension).toBeUndefined();
  });

  it("carries the clinician's level beside the engine's once it is recorded", async () => {
    const saved = await saveAssessment(server, lucia, studentId, severeAnswers());
    const reason = 'Red de apoyo presente y plan de seguridad firmado esta semana.';
    const recorded = await server.call({
      method: 'PUT',
      url: `/api/suicide-assessments/${saved._id}/clinician-level`,
      token: lucia,
      payload: { level: 'ALTO', reason },
    });
    expect(recorded.statusCode).toBe(200);
    const qr = resourceOf(await get(responseUrl(saved._id), lucia));
    expect(fhirProblems(qr)).toEqual([]);
    const levels = (qr.contained as Resource[])
      .filter((r) => r.resourceType === 'Observation')
      .map((r) => [r.id, (r.valueCodeableConcept as { coding: Coding[] }).coding[0]!.code]);
    expect(levels).toEqual([
      ['engine-level', 'MUY_ALTO'],
      ['clinician-level', 'ALTO'],
    ]);
  });

  it('names the student with no more than who they are: no contact or personal data', async () => {
    const saved = await saveAssessment(server, lucia, studentId);
    const response = await get(responseUrl(saved._id), lucia);
    const patient = (resourceOf(response).contained as Resource[]).find(
      (r) => r.resourceType === 'Patient',
    );
    expect(patient).toEqual({
      resourceType: 'Patient',
      id: 'student',
      identifier: [
        { system: 'https://psicocampus.example.edu/fhir/sid/student', value: studentId },
      ],
      name: [{ family: 'Quispe Andrade', given: ['Valentina'] }],
    });
    for (const personal of [studentEmail, '0987654321', 'Cuenca', 'Arquitectura']) {
      expect(response.body).not.toContain(personal);
    }
  });

  it('answers application/json to a client that asks only for it, and 406 to one that wants neither', async () => {
    const saved = await saveAssessment(server, lucia, studentId);
    const plain = await get(responseUrl(saved._id), lucia, { accept: 'application/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.json().resourceType).toBe('QuestionnaireResponse');
    const fhir = await get(responseUrl(saved._id), lucia, {
      accept: 'application/fhir+json, application/json;q=0.9',
    });
    expect(fhir.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const format = await get(`${responseUrl(saved._id)}?_format=json`, lucia, {
      accept: 'text/html',
    });
    expect(format.statusCode).toBe(200);
    const xml = await get(responseUrl(saved._id), lucia, { accept: 'application/fhir+xml' });
    expect(xml.statusCode).toBe(406);
    expect(outcomeText(xml)).toBe(FHIR_MSG.notAcceptable);
  });
});

describe("a student's assessments as a searchset Bundle", () => {
  it('holds one valid QuestionnaireResponse per assessment, oldest first', async () => {
    const student = await createStudent(server, lucia);
    const first = await saveAssessment(server, lucia, student._id, severeAnswers());
    const second = await saveAssessment(server, lucia, student._id);
    const response = await get(searchUrl(student._id), lucia);
    expect(response.statusCode).toBe(200);
    const bundle = resourceOf(response);
    expect(fhirProblems(bundle)).toEqual([]);
    const entries = bundle.entry as Array<{ fullUrl: string; resource: Resource }>;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 2 });
    expect(entries.map((entry) => entry.resource.id)).toEqual([first._id, second._id]);
    for (const entry of entries) {
      expect(fhirProblems(entry.resource)).toEqual([]);
      expect(entry.fullUrl).toBe(
        `${server.config.publicUrl}${responseUrl(entry.resource.id as string)}`,
      );
    }
    // The bare id is a reference too.
    const bare = await get(`/api/fhir/QuestionnaireResponse?subject=${student._id}`, lucia);
    expect(bare.json().total).toBe(2);
  });

  it('refuses a search without one student, in Spanish', async () => {
    for (const query of ['', '?subject=', `?subject=${studentId}&subject=${studentId}`]) {
      const response = await get(`/api/fhir/QuestionnaireResponse${query}`, lucia);
      expect(response.statusCode).toBe(400);
      expect(outcomeText(response)).toBe(FHIR_MSG.subjectRequired);
    }
  });
});

describe('permissions and audit: those of the assessment PDF', () => {
  let assessmentId: string;
  beforeAll(async () => {
    assessmentId = (await saveAssessment(server, lucia, studentId, severeAnswers()))._id;
  });

  it('without a session: 401, as an OperationOutcome in Spanish', async () => {
    for (const url of [responseUrl(assessmentId), searchUrl(studentId)]) {
      const response = await get(url, null);
      expect(response.statusCode).toBe(401);
      expect(outcomeText(response)).toBe(MSG.api.unauthorized);
    }
  });

  it('another caseload and an administrator get what they get for the PDF', async () => {
    for (const token of [martin, admin]) {
      const pdf = await get(pdfUrl(assessmentId), token);
      expect([403, 404]).toContain(pdf.statusCode);
      for (const url of [responseUrl(assessmentId), searchUrl(studentId)]) {
        const response = await get(url, token);
        expect(response.statusCode).toBe(pdf.statusCode);
        expect(outcomeText(response)).toBe(
          pdf.statusCode === 403
            ? MSG.api.forbidden
            : url.includes('?')
              ? MSG.students.notFound
              : MSG.assessment.notFound,
        );
        expect(response.body).not.toContain(studentId.slice(0, 18));
      }
    }
    // Someone else's record reads exactly like one that does not exist.
    const unknown = await get(responseUrl('3f0c6a52-8e7b-4c1d-9a2e-5b6c7d8e9f01'), martin);
    expect(unknown.json()).toEqual((await get(responseUrl(assessmentId), martin)).json());
  });

  it('writes one audit row per call, naming the record and never its clinical text', async () => {
    const read = await get(responseUrl(assessmentId), lucia);
    const refused = await get(responseUrl(assessmentId), martin);
    const searched = await get(searchUrl(studentId), lucia);
    const rowsOf = async (response: LightMyRequestResponse) =>
      server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.requestId, String(response.headers['x-request-id']))));
    const [readRow] = await rowsOf(read);
    expect(readRow).toMatchObject({
      action: 'assessment.read',
      recordType: 'assessment',
      recordId: assessmentId,
      outcome: 'success',
      detail: { format: 'fhir' },
    });
    expect((await rowsOf(refused))[0]).toMatchObject({ recordId: assessmentId, outcome: 'denied' });
    const searchRows = await rowsOf(searched);
    expect(searchRows).toEqual([
      expect.objectContaining({
        action: 'assessment.list',
        recordType: 'student',
        recordId: studentId,
        outcome: 'success',
      }),
    ]);
    const written = JSON.stringify([readRow, ...searchRows]);
    for (const clinical of ['Pensó en una sobredosis', 'Ingirió pastillas', 'Red de apoyo']) {
      expect(written).not.toContain(clinical);
    }
  });

  it('answers an unknown FHIR path or an unreadable URL with an OperationOutcome too', async () => {
    for (const token of [lucia, null]) {
      for (const url of ['/api/fhir/Patient/123', '/api/fhir/metadatos', '/api/fhir']) {
        const unknown = await get(url, token);
        expect([url, unknown.statusCode]).toEqual([url, 404]);
        expect(outcomeText(unknown)).toBe(MSG.api.routeNotFound);
      }
    }
    const broken = await get('/api/fhir/QuestionnaireResponse/%', lucia);
    expect(broken.statusCode).toBe(400);
    expect(outcomeText(broken)).toBe(MSG.api.invalidUrl);
  });
});
