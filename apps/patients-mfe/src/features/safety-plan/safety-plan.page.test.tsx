import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
  type SafetyPlan,
  type SafetyPlanRevision,
} from '@psicocampus/shared/safety-plan';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeDetail, me } from '../../testing/fixtures';
import {
  alertDialog,
  answerAlert,
  BASE,
  Landing,
  landing,
  renderScreen,
} from '../../testing/render';
import SafetyPlanPage from './safety-plan.page';

const P = SAFETY_PLAN_MSG;
const student = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' });
const ASSESSMENT = '00000000-0000-4000-8000-00000000a55e';

const sections = {
  warningSigns: 'Dejo de dormir.',
  copingStrategies: 'Respirar despacio.',
  socialDistractions: 'La biblioteca con Camila.',
  helpContacts: 'Mi hermana Sofía.',
  professionalContacts: 'Mi psicóloga.',
  safeEnvironment: 'Mi madre guarda los medicamentos.',
  reasonForLiving: 'Mi sobrina.',
};

function revision(version: number, status: SafetyPlan['status'], text = ''): SafetyPlan {
  return {
    _id: `plan-${version}`,
    studentId: student._id,
    version,
    status,
    ...Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, ''])),
    warningSigns: text,
    ...(status === 'complete' ? sections : {}),
    assessmentId: null,
    createdAt: `2026-11-0${version}T15:00:00.000Z`,
    createdBy: me,
  } as SafetyPlan;
}

const listed = (plan: SafetyPlan): SafetyPlanRevision => ({
  version: plan.version,
  status: plan.status,
  createdAt: plan.createdAt,
  createdBy: plan.createdBy,
});

/** The API with `plans` saved so far (oldest first); PUT answers with `put`. */
function planApi(plans: SafetyPlan[], put?: (call: RecordedCall) => Response) {
  return stubApi((call) => {
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    const revisions = [...plans].reverse();
    const query = new URLSearchParams(call.search);
    if (call.path === `/api/students/${student._id}/safety-plan/revisions`) {
      const page = Number(query.get('page'));
      const pageSize = Number(query.get('pageSize'));
      const shown = revisions.slice((page - 1) * pageSize, page * pageSize);
      return json({ ok: true, revisions: shown.map(listed), total: plans.length, page, pageSize });
    }
    if (call.path !== `/api/students/${student._id}/safety-plan`) return undefined;
    if (call.method === 'PUT') return put?.(call);
    const version = query.get('version');
    const plan = version ? plans.find((p) => p.version === Number(version)) : revisions[0];
    return json({
      ok: true,
      safetyPlan: plan ?? null,
      revisions: revisions.slice(0, 20).map(listed),
      revisionsTotal: plans.length,
    });
  });
}

function renderPlan(search = '') {
  return renderScreen(<SafetyPlanPage />, {
    route: `${BASE}/patients/${student._id}/safety-plan${search}`,
    path: `${BASE}/patients/:id/safety-plan`,
    otherRoutes: [{ path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> }],
  });
}

const field = (key: keyof typeof sections) =>
  screen.findByRole('textbox', { name: new RegExp(SAFETY_PLAN_SECTIONS[key].title) });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the safety plan screen', () => {
  it('shows the seven steps with their help, and saves a draft from nothing with version 0 and the assessment that asked for it', async () => {
    const calls = planApi([], () => {
      const saved = revision(1, 'draft', 'Dejo de dormir.');
      return json({
        ok: true,
        msg: P.savedDraft,
        safetyPlan: saved,
        revisions: [listed(saved)],
        revisionsTotal: 1,
      });
    });
    await renderPlan(`?assessment=${ASSESSMENT}`);
    await screen.findByRole('heading', { level: 1, name: P.title });
    for (const key of SAFETY_PLAN_SECTION_KEYS) {
      expect(await screen.findByText(SAFETY_PLAN_SECTIONS[key].help)).toBeInTheDocument();
    }
    await userEvent.type(await field('warningSigns'), 'Dejo de dormir.');
    await userEvent.click(screen.getByRole('button', { name: P.saveDraft }));
    await answerAlert();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      ...Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, ''])),
      warningSigns: 'Dejo de dormir.',
      status: 'draft',
      version: 0,
      assessmentId: ASSESSMENT,
    });
  });

  it('asks a complete plan for every step before sending anything', async () => {
    const calls = planApi([revision(1, 'draft', 'Dejo de dormir.')]);
    await renderPlan();
    expect(await field('warningSigns')).toHaveValue('Dejo de dormir.');
    await userEvent.click(screen.getByRole('button', { name: P.saveComplete }));
    const dialog = await alertDialog();
    expect(dialog).toHaveTextContent(SAFETY_PLAN_SECTIONS.reasonForLiving.required);
    expect(dialog).not.toHaveTextContent(SAFETY_PLAN_SECTIONS.warningSigns.required);
    await answerAlert();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('answers a stale version (409) in Spanish and keeps the text typed, then saves it over the newer version when asked', async () => {
    const plans = [revision(1, 'draft', 'Primera.')];
    const calls = planApi(plans, (call) => {
      const body = call.body as { version: number };
      if (body.version === 1) {
        plans.push(revision(2, 'draft', 'De una colega.'));
        return apiError(409, P.stale);
      }
      const saved = revision(3, 'draft', 'Mi texto.');
      return json({
        ok: true,
        msg: P.savedDraft,
        safetyPlan: saved,
        revisions: [],
        revisionsTotal: 0,
      });
    });
    await renderPlan();
    const signs = await field('warningSigns');
    await userEvent.clear(signs);
    await userEvent.type(signs, 'Mi texto.');
    await userEvent.click(screen.getByRole('button', { name: P.saveDraft }));
    expect(await alertDialog()).toHaveTextContent(P.stale);
    await answerAlert();
    expect(await field('warningSigns')).toHaveValue('Mi texto.');
    await userEvent.click(await screen.findByRole('button', { name: P.staleKeep }));
    expect(await screen.findByText(P.staleKept)).toBeInTheDocument();
    expect(await field('warningSigns')).toHaveValue('Mi texto.');
    await userEvent.click(screen.getByRole('button', { name: P.saveDraft }));
    await answerAlert();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => (call.body as { version: number }).version)).toEqual([1, 2]);
  });

  it('lists the revisions with who and when, and shows an earlier one read only', async () => {
    planApi([revision(1, 'draft', 'Primera versión.'), revision(2, 'complete')]);
    await renderPlan('?version=1');
    expect(await screen.findByText(P.viewingRevision('1'))).toBeInTheDocument();
    expect(screen.getByText('Primera versión.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    const list = screen.getByRole('region', { name: P.revisionsTitle });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent(`Versión 2 (${P.status.complete}), Lucía Fernández`);
    expect(links[1]).toHaveAttribute(
      'href',
      `${BASE}/patients/${student._id}/safety-plan?version=1`,
    );
    expect(screen.getByRole('button', { name: P.downloadPdf })).toBeEnabled();
  });

  it("pages 'Versiones anteriores' 20 at a time, the page in the address, kept by a revision's link", async () => {
    const plans = Array.from({ length: 45 }, (_, index) => ({
      ...revision(index + 1, index % 2 ? 'draft' : 'complete', `Versión ${index + 1}.`),
      createdAt: new Date(Date.UTC(2023, 0, 1 + 7 * index, 15)).toISOString(),
    }));
    const calls = planApi(plans);
    const { location } = await renderPlan();
    const list = await screen.findByRole('region', { name: P.revisionsTitle });
    const shown = () =>
      within(list)
        .getAllByRole('link')
        .map((link) => Number(/^Versión (\d+)/.exec(link.textContent ?? '')?.[1]));
    const pages = within(list).getByRole('navigation', { name: P.revisionsPagesLabel });
    expect(pages).toHaveTextContent(`${MSG.audit.pageOf(1, 3)} · ${P.revisionsTotal(45)}`);
    expect(shown()).toEqual(Array.from({ length: 20 }, (_, index) => 45 - index));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(`(${P.current})`);
    // The first page came with the plan: no second call for it.
    expect(calls.some((call) => call.path.endsWith('/revisions'))).toBe(false);

    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(shown()[0]).toBe(25));
    expect(shown()).toEqual(Array.from({ length: 20 }, (_, index) => 25 - index));
    expect(location()).toBe(`${BASE}/patients/${student._id}/safety-plan?versiones=2`);
    expect(within(list).queryByText(`(${P.current})`, { exact: false })).toBeNull();
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `${BASE}/patients/${student._id}/safety-plan?version=25&versiones=2`,
    );
    expect(calls.filter((call) => call.path.endsWith('/revisions')).map((c) => c.search)).toEqual([
      '?page=2&pageSize=20',
    ]);
  });

  it('restores what was typed when the screen opens again in this tab (a reload)', async () => {
    planApi([]);
    await renderPlan();
    await userEvent.type(await field('reasonForLiving'), 'Mi sobrina.');
    await waitFor(() => expect(sessionStorage.length).toBeGreaterThan(0));
    document.body.innerHTML = '';
    await renderPlan();
    expect(await field('reasonForLiving')).toHaveValue('Mi sobrina.');
    expect(screen.getByText(MSG.drafts.restored)).toBeInTheDocument();
  });

  it("asks '¿Descartar los cambios?' before '← Volver al estudiante' leaves the text typed, and keeps it on 'Cancelar'", async () => {
    planApi([]);
    const { location } = await renderPlan();
    await userEvent.type(await field('warningSigns'), 'Dejo de dormir.');
    await waitFor(() => expect(JSON.stringify({ ...sessionStorage })).toContain('Dejo de dormir.'));

    const back = screen.getByRole('link', { name: new RegExp(P.backToDetail) });
    await userEvent.click(back);
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(location()).toBe(`${BASE}/patients/${student._id}/safety-plan`);
    expect(await field('warningSigns')).toHaveValue('Dejo de dormir.');

    // Leaving is what was chosen: the text and its draft go.
    await userEvent.click(back);
    await answerAlert(MSG.drafts.discardConfirm);
    expect(await landing()).toBe(`detalle ${BASE}/patients/${student._id}`);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('Dejo de dormir.');
  });

  it('does not have the browser warn before a reload: the draft survives it', async () => {
    planApi([]);
    await renderPlan();
    await userEvent.type(await field('warningSigns'), 'Dejo de dormir.');
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(false);
  });
});
