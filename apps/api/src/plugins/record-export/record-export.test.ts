import { randomUUID } from 'node:crypto';
import type { StudentSummary } from '@psicocampus/shared/domain';
import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import { fhirProblems } from '../../../test/helpers/fhir-validation';
import { addNote, auditRowsOf, createStudent } from '../../../test/helpers/patients';
import { pdfText } from '../../../test/helpers/pdf-text';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { seedWholeRecord } from '../../../test/helpers/whole-record';

/**
 * A student's whole record handed over on request (docs/api.md#record-export):
 * everything of theirs, nothing of anyone else's, to whom it may go.
 */

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let aurelia: StudentSummary;
let bruno: StudentSummary;
let aureliaTexts: string[];
let brunoTexts: string[];

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

interface Entry {
  fullUrl: string;
  resource: { resourceType: string; id: string } & Record<string, unknown>;
}

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  aurelia = await createStudent(server, lucia, { firstName: 'Aurelia', lastName: 'Quintana' });
  bruno = await createStudent(server, lucia, { firstName: 'Bruno', lastName: 'Zambrano' });
  aureliaTexts = await seedWholeRecord(server, lucia, aurelia._id, 'Aurelia-registro');
  brunoTexts = await seedWholeRecord(server, lucia, bruno._id, 'Bruno-registro');
});
afterAll(() => server.close());

const get = (url: string, token: string) => server.call({ method: 'GET', url, token });

function expectOnlyAurelia(text: string) {
  for (const written of aureliaTexts) expect(text).toContain(written);
  for (const written of brunoTexts) expect(text).not.toContain(written);
  expect(text).not.toContain('Bruno-registro');
  expect(text).not.toContain(bruno.email);
}

/** The Bundle's entries, checked against R4, and every text it carries, attachments decoded. */
function readBundle(body: string): { entries: Entry[]; text: string } {
  const bundle = JSON.parse(body) as { resourceType: string; type: string; entry: Entry[] };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('collection');
  expect(fhirProblems(bundle)).toEqual([]);
  const attachments = bundle.entry.flatMap((entry) =>
    ((entry.resource.content as Array<{ attachment: { data: string } }>) ?? []).map((content) =>
      Buffer.from(content.attachment.data, 'base64').toString('utf8'),
    ),
  );
  return { entries: bundle.entry, text: [body, ...attachments].join('\n') };
}

describe("the student's psychologist", () => {
  it('gets one tagged PDF with every note, addendum, assessment, revision and appointment, and nothing of another student', async () => {
    const response = await get(`/api/students/${aurelia._id}/export/pdf`, lucia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/expediente_aurelia-quintana_.*\.pdf/);
    const text = oneLine(pdfText(response.rawPayload));
    expect(text).toContain(RECORD_EXPORT_MSG.pdf.title);
    expect(text).toContain(`${RECORD_EXPORT_MSG.pdf.exportedBy}: Lucía`);
    expect(text).toContain(server.config.serviceTimeZone);
    expectOnlyAurelia(text);
    expect(response.rawPayload.toString('latin1')).toMatch(/pdfaid:part>2</);
  });

  it('gets a FHIR collection Bundle that validates and holds only that student’s resources', async () => {
    const response = await get(`/api/students/${aurelia._id}/export/fhir`, lucia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const { entries, text } = readBundle(response.body);
    expectOnlyAurelia(text);
    const types = entries.map((entry) => entry.resource.resourceType);
    expect(types[0]).toBe('Patient');
    expect(types.filter((type) => type === 'QuestionnaireResponse')).toHaveLength(2);
    expect(types.filter((type) => type === 'CarePlan')).toHaveLength(2);
    expect(types.filter((type) => type === 'DocumentReference')).toHaveLength(4);
    expect(types.filter((type) => type === 'Appointment')).toHaveLength(2);
    const patient = `urn:uuid:${aurelia._id}`;
    for (const { fullUrl, resource } of entries) {
      expect(fullUrl).toBe(`urn:uuid:${resource.id}`);
      if (
        resource.resourceType !== 'Patient' &&
        resource.resourceType !== 'QuestionnaireResponse'
      ) {
        expect(JSON.stringify(resource)).toContain(patient);
      }
    }
    const [oldPlan, plan] = entries.filter((entry) => entry.resource.resourceType === 'CarePlan');
    expect(oldPlan!.resource.status).toBe('revoked');
    expect(plan!.resource).toMatchObject({
      status: 'active',
      replaces: [{ reference: oldPlan!.fullUrl }],
    });
  });

  it('gets each assessment exactly as the FHIR API answers it', async () => {
    const { entries } = readBundle(
      (await get(`/api/students/${aurelia._id}/export/fhir`, lucia)).body,
    );
    for (const { resource } of entries.filter(
      (e) => e.resource.resourceType === 'QuestionnaireResponse',
    )) {
      const alone = await get(`/api/fhir/QuestionnaireResponse/${resource.id}`, lucia);
      expect(resource).toEqual(alone.json());
    }
  });

  it('is refused to another psychologist and an administrator, as for any foreign id', async () => {
    for (const format of ['pdf', 'fhir']) {
      const url = `/api/students/${aurelia._id}/export/${format}`;
      const foreign = await get(url, martin);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(
        (await get(url.replace(aurelia._id, randomUUID()), martin)).json(),
      );
      expect((await get(url, admin)).statusCode).toBe(403);
    }
  });
});

describe('an administrator', () => {
  beforeAll(async () => {
    const removed = await server.call({
      method: 'DELETE',
      url: `/api/students/${aurelia._id}`,
      token: lucia,
    });
    expect(removed.json()).toMatchObject({ outcome: 'archived' });
  });

  it('never reaches a student still in a caseload (404)', async () => {
    for (const format of ['pdf', 'fhir']) {
      const response = await get(
        `/api/admin/students/${bruno._id}/export/${format}?confirm=true`,
        admin,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().msg).toBe(ADMIN_MSG.archived.notArchived);
    }
  });

  it('must confirm before exporting an archived student (400)', async () => {
    for (const query of ['', '?confirm=false']) {
      const response = await get(`/api/admin/students/${aurelia._id}/export/pdf${query}`, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ ok: false, msg: RECORD_EXPORT_MSG.confirmRequired });
    }
  });

  it('exports an archived student’s whole record once confirmed, in PDF and FHIR', async () => {
    const pdf = await get(`/api/admin/students/${aurelia._id}/export/pdf?confirm=true`, admin);
    expect(pdf.statusCode).toBe(200);
    const text = oneLine(pdfText(pdf.rawPayload));
    expectOnlyAurelia(text);
    expect(text).toContain(RECORD_EXPORT_MSG.pdf.archived);
    const fhir = await get(`/api/admin/students/${aurelia._id}/export/fhir?confirm=true`, admin);
    expect(fhir.statusCode).toBe(200);
    const { entries, text: bundleText } = readBundle(fhir.body);
    expectOnlyAurelia(bundleText);
    expect(entries[0]!.resource).toMatchObject({ resourceType: 'Patient', active: false });
  });

  it('is the only one: the archived student answers 404 to their psychologist, and psychologists 403 here', async () => {
    expect((await get(`/api/students/${aurelia._id}/export/pdf`, lucia)).statusCode).toBe(404);
    const url = `/api/admin/students/${aurelia._id}/export/fhir?confirm=true`;
    expect((await get(url, lucia)).statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('records every export, granted or refused, naming the student and never a text', async () => {
    for (const action of ['report.record_pdf', 'report.record_fhir']) {
      const rows = await auditRowsOf(server, action);
      const outcomes = rows.filter((row) => row.recordId === aurelia._id).map((row) => row.outcome);
      expect(outcomes).toEqual(expect.arrayContaining(['success', 'denied']));
      for (const row of rows) {
        for (const written of [...aureliaTexts, ...brunoTexts]) {
          expect(JSON.stringify(row.detail)).not.toContain(written);
        }
      }
    }
    const confirmed = (await auditRowsOf(server, 'report.record_pdf')).filter(
      (row) => row.role === 'ADMIN' && row.outcome === 'success',
    );
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.detail).toMatchObject({ records: 10 });
  });

  it('lets the administrators filter by the new actions', async () => {
    const response = await get('/api/audit?action=report.record_fhir', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().entries.length).toBeGreaterThan(0);
  });
});

describe('past its limit', () => {
  let limited: TestServer;
  let token: string;
  beforeAll(async () => {
    const signedIn = await serverWithDemoSessions({
      recordExportLimits: { maxRecords: 3, maxCharacters: 300 },
    });
    limited = signedIn.server;
    token = signedIn.lucia;
  });
  afterAll(() => limited.close());

  it('answers a Spanish 413 and exports nothing, for too many records or too much text', async () => {
    const many = await createStudent(limited, token);
    for (let index = 0; index < 4; index += 1)
      await addNote(limited, token, many._id, `Nota ${index}`);
    const long = await createStudent(limited, token);
    await addNote(limited, token, long._id, 'Una nota larga. '.repeat(20));
    for (const [student, records, characters] of [
      [many, 4, 24],
      [long, 1, 319],
    ] as const) {
      for (const format of ['pdf', 'fhir']) {
        const response = await limited.call({
          method: 'GET',
          url: `/api/students/${student._id}/export/${format}`,
          token,
        });
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({
          ok: false,
          msg: RECORD_EXPORT_MSG.tooLarge(records, characters, 3, 300),
        });
      }
    }
  });

  it('exports a record within it', async () => {
    const small = await createStudent(limited, token);
    await addNote(limited, token, small._id, 'Nota breve');
    const url = `/api/students/${small._id}/export/fhir`;
    expect((await limited.call({ method: 'GET', url, token })).statusCode).toBe(200);
  });
});
