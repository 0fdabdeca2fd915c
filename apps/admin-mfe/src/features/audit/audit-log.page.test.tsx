import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, MSG, type AuditLogEntry } from '@psicocampus/shared';
import { AUDIT_ACTION_LABELS } from '@psicocampus/shared/audit-labels';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json, lucia, makeAuditEntry, meAsUser, tomas } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import AuditLogPage from './audit-log.page';

const A = MSG.audit;

const older = makeAuditEntry({
  at: '2026-11-01T08:15:00.000Z',
  action: 'auth.login',
  recordType: null,
  recordId: null,
  userId: null,
  userName: null,
  role: null,
  outcome: 'denied',
  clientAddress: '203.0.113.9',
});
const newer = makeAuditEntry({
  at: '2026-11-02T12:30:00.000Z',
  action: 'note.update',
  recordType: 'clinical_note',
  recordId: '9a8b7c6d-0000-4000-8000-000000000042',
  outcome: 'success',
});

/** The audit API: pages of `total` entries (the page's entries as given), and the users. */
function auditApi(
  entries: (call: RecordedCall) => AuditLogEntry[] = () => [older, newer],
  total = 2,
) {
  return stubApi((call) => {
    if (call.path === '/api/users') return json({ ok: true, users: [meAsUser, lucia, tomas] });
    if (call.path !== '/api/audit') return undefined;
    const params = new URLSearchParams(call.search);
    return json({
      ok: true,
      entries: entries(call),
      total,
      page: Number(params.get('page')),
      pageSize: Number(params.get('pageSize')),
    });
  });
}

const auditQueries = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.path === '/api/audit')
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)));

async function renderAudit(search = '') {
  const result = await renderScreen(<AuditLogPage />, 'audit', { search });
  return result;
}

function rowsText(): string[][] {
  const table = screen.getByRole('table', { name: A.tableCaption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Registro de auditoría' (docs/permissions.md#audit-log)", () => {
  it('lists the entries newest first, with their Spanish labels', async () => {
    const calls = auditApi();
    await renderAudit();
    expect(
      screen.getByRole('heading', { level: 1, name: ADMIN_MSG.auditTitle }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: A.tableCaption });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fecha y hora', 'Usuario', 'Rol', 'Acción', 'Registro', 'Resultado', 'Dirección']);
    expect(rowsText()).toEqual([
      [
        formatDateTime(newer.at),
        'Lucía Fernández',
        'Psicólogo/a',
        'Modificación de una nota clínica',
        `Nota clínica9a8b7c6d… ${A.wholeId}`,
        '✓ Correcto',
        '10.0.0.7',
      ],
      [
        formatDateTime(older.at),
        'Sin sesión',
        '—',
        'Inicio de sesión',
        '—',
        '⊘ Denegado',
        '203.0.113.9',
      ],
    ]);
    expect(auditQueries(calls)).toEqual([{ page: '1', pageSize: '50' }]);
  });

  it("names an import's batch and how many students it created, and leads to them", async () => {
    const batchId = '5e1f2a3b-0000-4000-8000-00000000b47c';
    const imported = makeAuditEntry({
      action: 'student.import',
      recordType: 'import_batch',
      recordId: batchId,
      detail: { created: 5000, batchId },
    });
    auditApi(() => [imported], 1);
    await renderScreen(<AuditLogPage />, 'audit', {
      otherRoutes: [{ path: `${BASE}/users`, element: <Landing name="usuarios" /> }],
    });
    await screen.findByRole('table', { name: A.tableCaption });
    expect(rowsText()[0]![4]).toBe(
      `${A.recordTypes.import_batch}${batchId.slice(0, 8)}… ${A.wholeId}${A.detailCreated(5000)}${A.batchStudentsLink}`,
    );
    await userEvent.click(screen.getByRole('link', { name: A.batchStudentsLink }));
    expect(await landing()).toBe(`usuarios ${BASE}/users?batch=${batchId}`);
  });

  it("names the record: the student's or the account's name, else the id's first 8 characters with the whole id in its tooltip", async () => {
    const studentId = '7f3c9a2e-1b4d-4c8e-9f00-aa11bb22cc33';
    const accountId = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
    const deletedId = 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6';
    auditApi(
      () => [
        makeAuditEntry({ recordType: 'student', recordId: studentId, recordName: 'Sofía Ortiz' }),
        makeAuditEntry({
          action: 'user.update',
          recordType: 'user',
          recordId: accountId,
          recordName: 'Tomás Herrera',
        }),
        makeAuditEntry({ action: 'student.delete', recordType: 'student', recordId: deletedId }),
      ],
      3,
    );
    await renderAudit();
    await screen.findByRole('table', { name: A.tableCaption });
    expect(rowsText().map((row) => row[4])).toEqual([
      `${A.recordTypes.student}Sofía Ortiz`,
      `${A.recordTypes.user}Tomás Herrera`,
      `${A.recordTypes.student}d1e2f3a4… ${A.wholeId}`,
    ]);
    expect(screen.getByText('Sofía Ortiz')).toHaveAttribute('title', studentId);
    expect(screen.getByRole('button', { name: /^d1e2f3a4/ })).toHaveAttribute('title', deletedId);
    expect(screen.queryByText(deletedId)).not.toBeInTheDocument();
  });

  it('shows a shortened id whole on request, from the keyboard too: nothing cut beyond reach', async () => {
    const deletedId = 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6';
    auditApi(
      () => [
        makeAuditEntry({ action: 'student.delete', recordType: 'student', recordId: deletedId }),
      ],
      1,
    );
    await renderAudit();
    await screen.findByRole('table', { name: A.tableCaption });
    const shortened = screen.getByRole('button', { name: new RegExp(`^d1e2f3a4`) });
    expect(shortened).toHaveAttribute('aria-expanded', 'false');
    expect(shortened).toHaveAccessibleName(`d1e2f3a4… ${A.wholeId}`);
    shortened.focus();
    await userEvent.keyboard('{Enter}');
    expect(shortened).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(deletedId)).toBeVisible();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByText(deletedId)).not.toBeInTheDocument();
  });

  it('offers no link to the students of an import that was refused', async () => {
    const refused = makeAuditEntry({
      action: 'student.import',
      recordType: 'import_batch',
      recordId: '5e1f2a3b-0000-4000-8000-00000000b47d',
      outcome: 'invalid',
    });
    auditApi(() => [refused], 1);
    await renderAudit();
    await screen.findByRole('table', { name: A.tableCaption });
    expect(screen.queryByRole('link', { name: A.batchStudentsLink })).not.toBeInTheDocument();
  });

  it('filters by user, action and dates, in the query and in the address', async () => {
    const calls = auditApi();
    const { location } = await renderAudit();
    await screen.findByRole('table', { name: A.tableCaption });

    const user = screen.getByRole('combobox', { name: A.filterUser });
    await waitFor(() =>
      expect(within(user).getByRole('option', { name: /Tomás Herrera/ })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(
      user,
      within(user).getByRole('option', { name: /Tomás Herrera/ }),
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: A.filterAction }),
      AUDIT_ACTION_LABELS['report.student'],
    );
    await userEvent.type(screen.getByLabelText(A.filterFrom), '2026-10-01');
    await userEvent.type(screen.getByLabelText(A.filterTo), '2026-10-31');

    const expected = {
      userId: tomas._id,
      action: 'report.student',
      from: '2026-10-01',
      to: '2026-10-31',
    };
    await waitFor(() =>
      expect(auditQueries(calls).at(-1)).toEqual({ ...expected, page: '1', pageSize: '50' }),
    );
    expect(Object.fromEntries(new URLSearchParams(location().split('?')[1]))).toEqual(expected);

    // 'Limpiar filtros' goes back to the whole log (already in the cache: no new call needed).
    await userEvent.click(screen.getByRole('button', { name: A.clear }));
    await waitFor(() => expect(location()).toBe('/dashboard/audit'));
    expect(screen.getByRole('combobox', { name: A.filterUser })).toHaveValue('');
    expect(screen.getByLabelText(A.filterFrom)).toHaveValue('');
    expect(await screen.findByRole('table', { name: A.tableCaption })).toBeInTheDocument();
  });

  it('starts from the filters and page in the address', async () => {
    const calls = auditApi(() => [newer], 120);
    await renderAudit(`?userId=${lucia._id}&action=note.update&page=2`);
    await screen.findByRole('table', { name: A.tableCaption });
    expect(auditQueries(calls)).toEqual([
      { userId: lucia._id, action: 'note.update', page: '2', pageSize: '50' },
    ]);
    expect(screen.getByRole('combobox', { name: A.filterAction })).toHaveValue('note.update');
    expect(screen.getByText(A.pageOf(2, 3), { exact: false })).toBeInTheDocument();
  });

  it('ignores values in the address that make no sense', async () => {
    const calls = auditApi();
    await renderAudit('?userId=otro&action=borrar.todo&from=ayer&page=-3');
    await screen.findByRole('table', { name: A.tableCaption });
    expect(auditQueries(calls)).toEqual([{ page: '1', pageSize: '50' }]);
  });

  it("pages with 'Anterior' and 'Siguiente', saying 'Página X de Y' and the total", async () => {
    const calls = auditApi(() => [newer], 120);
    const { location } = await renderAudit();
    const pages = await screen.findByRole('navigation', { name: A.pagination });
    expect(pages).toHaveTextContent(`${A.pageOf(1, 3)} · ${A.total(120)}`);
    expect(within(pages).getByRole('button', { name: /Anterior/ })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(auditQueries(calls).at(-1)).toEqual({ page: '2', pageSize: '50' }));
    expect(location()).toBe('/dashboard/audit?page=2');
    const second = await screen.findByRole('navigation', { name: A.pagination });
    await waitFor(() => expect(second).toHaveTextContent(A.pageOf(2, 3)));

    await userEvent.click(within(second).getByRole('button', { name: /Siguiente/ }));
    const third = await screen.findByRole('navigation', { name: A.pagination });
    await waitFor(() => expect(third).toHaveTextContent(A.pageOf(3, 3)));
    expect(within(third).getByRole('button', { name: /Siguiente/ })).toBeDisabled();

    await userEvent.click(within(third).getByRole('button', { name: /Anterior/ }));
    await waitFor(() => expect(location()).toBe('/dashboard/audit?page=2'));
    expect(screen.getByRole('navigation', { name: A.pagination })).toHaveTextContent(
      A.pageOf(2, 3),
    );
  });

  it('goes back to the first page when a filter changes', async () => {
    const calls = auditApi(() => [newer], 120);
    await renderAudit('?page=3');
    await screen.findByRole('table', { name: A.tableCaption });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: A.filterAction }),
      AUDIT_ACTION_LABELS['auth.login'],
    );
    await waitFor(() =>
      expect(auditQueries(calls).at(-1)).toEqual({
        action: 'auth.login',
        page: '1',
        pageSize: '50',
      }),
    );
  });

  it('offers every action by its Spanish name', async () => {
    auditApi();
    await renderAudit();
    const action = screen.getByRole('combobox', { name: A.filterAction });
    const options = within(action)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe(A.allActions);
    expect(options.slice(1)).toEqual(Object.values(AUDIT_ACTION_LABELS));
  });

  it('says so when no entry matches', async () => {
    auditApi(() => [], 0);
    await renderAudit('?action=user.deactivate');
    expect(await screen.findByText(A.empty)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: A.pagination })).not.toBeInTheDocument();
  });

  it('says so when the log cannot be loaded', async () => {
    stubApi((call) =>
      call.path === '/api/audit'
        ? new Response('', { status: 500 })
        : json({ ok: true, users: [] }),
    );
    await renderAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent(A.loadError);
  });
});

describe("'Integridad del registro' (docs/data-model.md#audit-chain)", () => {
  const C = ADMIN_MSG.auditChain;
  const hash = 'ab'.repeat(32);

  /** The audit API, with `chain` as the answers of GET /api/audit/verify, one per check. */
  function chainApi(...chain: Array<Record<string, unknown> | Response>) {
    const answers = [...chain];
    return stubApi((call) => {
      if (call.path === '/api/audit/verify') {
        const next = answers.length > 1 ? answers.shift()! : answers[0]!;
        return next instanceof Response ? next : json({ ok: true, ...next });
      }
      if (call.path === '/api/users') return json({ ok: true, users: [meAsUser, lucia, tomas] });
      if (call.path === '/api/audit') {
        return json({ ok: true, entries: [newer], total: 1, page: 1, pageSize: 50 });
      }
      return undefined;
    });
  }

  const verifyCalls = (calls: RecordedCall[]) =>
    calls.filter((call) => call.path === '/api/audit/verify').length;

  it('checks the chain only when asked, and says the log is intact with how many entries it verified', async () => {
    const calls = chainApi({ intact: true, checked: 12345, head: { seq: 12345, hash } });
    await renderAudit();
    await screen.findByRole('table', { name: A.tableCaption });
    // It reads the whole log: not on every visit.
    expect(verifyCalls(calls)).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: C.check }));
    const intact = await screen.findByText('Registro íntegro: 12.345 entradas verificadas.');
    expect(intact.closest('[role="status"]')).toHaveTextContent(
      `Última entrada: n.º 12345, huella ${hash}.`,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(verifyCalls(calls)).toBe(1);
  });

  it('names the first broken entry, its time and why, as an alert; asking again checks again', async () => {
    const calls = chainApi(
      {
        intact: false,
        checked: 41,
        broken: {
          seq: 42,
          id: '1042',
          at: '2026-11-02T12:30:00.000Z',
          reason: 'missing',
          missing: { from: 42, to: 42 },
        },
      },
      {
        intact: false,
        checked: 0,
        broken: {
          seq: 1,
          id: '7',
          at: '2026-11-01T08:15:00.000Z',
          reason: 'altered',
          missing: null,
        },
      },
    );
    await renderAudit();
    await userEvent.click(screen.getByRole('button', { name: C.check }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      `La cadena del registro se rompe en la entrada n.º 42 (id 1042, ${formatDateTime('2026-11-02T12:30:00.000Z')}): falta la entrada n.º 42 antes de ella: se borró.`,
    );
    expect(alert).toHaveTextContent('Las 41 entradas anteriores están íntegras.');
    expect(alert).toHaveTextContent(C.whoCould);

    await userEvent.click(screen.getByRole('button', { name: C.check }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'entrada n.º 1 (id 7, ' +
          `${formatDateTime('2026-11-01T08:15:00.000Z')}): su contenido no coincide con su huella: se modificó después de escribirse.`,
      ),
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('anteriores están íntegras');
    expect(verifyCalls(calls)).toBe(2);
  });

  it('says so when the check cannot be made', async () => {
    chainApi(new Response('', { status: 503 }));
    await renderAudit();
    await userEvent.click(screen.getByRole('button', { name: C.check }));
    expect(await screen.findByRole('alert')).toHaveTextContent(C.loadError);
  });
});
