import { screen, waitFor, within } from '@testing-library/react';
import { MSG, formatDateTime } from '@psicocampus/shared';
import { testPsychologist } from '@psicocampus/shared/testing';
import { closeDialog, dialogTitled } from '../../testing/form-driver';
import { remarksBox, savedForm } from '../../testing/saving-driver';

const M = MSG.assessment;

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the 'observaciones posteriores' (docs/columbia-assessment.md#final-remarks)", () => {
  it('must be written before they are saved', async () => {
    const { user, calls } = await savedForm();
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    const warning = await dialogTitled(M.validationTitle);
    expect(warning).toHaveTextContent(M.finalRemarksRequired);
    await closeDialog(user, warning);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await waitFor(() => expect(remarksBox()).toHaveFocus());
  });

  it("are sent to the saved assessment and confirmed with 'Observaciones Guardadas'", async () => {
    const { user, calls, assessment } = await savedForm();
    await user.type(remarksBox(), '  Derivada a psiquiatría; plan de seguridad acordado.  ');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({
      path: `/api/suicide-assessments/${assessment._id}/final-remarks`,
      body: { finalRemarks: 'Derivada a psiquiatría; plan de seguridad acordado.' },
    });
    expect(put[0]!.headers.get('x-token')).toBe('token-123');
  });

  it('are each added after the earlier ones, shown with author and date (docs/columbia-assessment.md#final-remarks)', async () => {
    const { user, calls } = await savedForm();
    const block = screen.getByRole('region', { name: M.finalRemarks });
    expect(block).toHaveTextContent(M.remarksEmpty);

    await user.type(remarksBox(), 'Derivada a psiquiatría.');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));
    expect(remarksBox()).toHaveValue('');
    await user.type(remarksBox(), 'Control a la semana: estable.');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));

    const entries = within(within(block).getByRole('list')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      `${formatDateTime('2026-10-02T10:00:00.000Z')} · ${testPsychologist.firstName} ${testPsychologist.lastName}Derivada a psiquiatría.`,
      `${formatDateTime('2026-10-03T10:00:00.000Z')} · ${testPsychologist.firstName} ${testPsychologist.lastName}Control a la semana: estable.`,
    ]);
    // Each save sends its own entry only: nothing earlier is sent again or replaced.
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { finalRemarks: 'Derivada a psiquiatría.' },
      { finalRemarks: 'Control a la semana: estable.' },
    ]);
  });

  it.each([
    ['the fallback', () => new Response('', { status: 500 }), M.finalRemarksError],
    [
      "the server's message",
      () => Response.json({ ok: false, msg: M.finalRemarksOnlyAuthor }, { status: 403 }),
      M.finalRemarksOnlyAuthor,
    ],
  ])('show %s when they cannot be saved, keeping the text', async (_case, answer, expected) => {
    const { user } = await savedForm({ remarks: answer });
    await user.type(remarksBox(), 'Llamar a la familia');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    const error = await dialogTitled(MSG.common.error);
    expect(error).toHaveTextContent(expected);
    await closeDialog(user, error);
    expect(remarksBox()).toHaveValue('Llamar a la familia');
  });
});
