import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { renderWithApp, stubApi } from '@psicocampus/shared/testing';
import { savedAssessment } from '../../testing/fixtures';
import { useFinalRemarks } from './use-final-remarks';

function RemarksProbe({ saved }: { saved: boolean }) {
  const remarks = useFinalRemarks(saved ? savedAssessment() : null, 'remarks');
  return (
    <>
      <textarea
        id="remarks"
        aria-label="remarks"
        value={remarks.draft}
        onChange={(event) => remarks.change(event.target.value)}
      />
      <button type="button" onClick={() => void remarks.save()}>
        save
      </button>
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('final remarks before the assessment exists (docs/columbia-assessment.md#final-remarks)', () => {
  it("say 'Primero debe guardar la evaluación principal.' and send nothing", async () => {
    const calls = stubApi(() => Response.json({ ok: true }));
    await renderWithApp(<RemarksProbe saved={false} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('remarks'), 'Seguimiento');
    await user.click(screen.getByRole('button', { name: 'save' }));
    const warning = await screen.findByRole('dialog', { name: MSG.assessment.validationTitle });
    expect(within(warning).getByText(MSG.assessment.saveMainFirst)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('are sent once the assessment exists', async () => {
    const calls = stubApi(() => Response.json({ ok: true, assessment: savedAssessment() }));
    await renderWithApp(<RemarksProbe saved />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('remarks'), 'Seguimiento');
    await user.click(screen.getByRole('button', { name: 'save' }));
    await screen.findByRole('dialog', { name: MSG.assessment.finalRemarksSaved });
    expect(calls).toHaveLength(1);
  });
});
