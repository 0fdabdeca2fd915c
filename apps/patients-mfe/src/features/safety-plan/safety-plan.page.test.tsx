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
import { alertDialog, answerAlert, BASE, renderScreen } from '../../testing/render';
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
    if (call.path !== `/api/students/${student._id}/safety-plan`) return undefined;
    if (call.method === 'PUT') return put?.(call);
    const version = new URLSearchParams(call.search).get('version');
    const revisions = [...plans].reverse();
    const plan = version ? plans.find((p) => p.version === Number(version)) : revisions[0];
    return json({ ok: true, safetyPlan: plan ?? null, revisions: revisions.map(listed) });
  });
}

function renderPlan(search = '') {
  return renderScreen(<SafetyPlanPage />, {
    route: `${BASE}/patients/${student._id}/safety-plan${search}`,
    path: `${BASE}/patients/:id/safety-plan`,
  });
}

const field = (key: keyof typeof sections) =>
  screen.findByRole('textbox', { name: new RegExp(SAFETY_PLAN_SECTIONS[key].title) });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the safety plan screen (issue 19 §2)', () => {
  it('shows the seven steps with their help, and saves a draft from nothing with version 0 and the assessment that asked for it', async () => {
    const calls = planApi([], () => {
      const saved = revision(1, 'draft', 'Dejo de dormir.');
      return json({ ok: true, msg: P.savedDraft, safetyPlan: saved, revisions: [listed(saved)] });
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
      return json({ ok: true, msg: P.savedDraft, safetyPlan: saved, revisions: [] });
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
});
