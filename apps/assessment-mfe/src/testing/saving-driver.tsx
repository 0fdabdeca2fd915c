/**
 * The assessment form with a server behind it, for the tests of saving,
 * of the final remarks and of closing: the server saves assessments and
 * appends final remarks as the real one does.
 */
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MSG, type AssessmentRemark, type SuicideAssessment } from '@psicocampus/shared';
import {
  renderWithApp,
  stubApi,
  testPsychologist,
  type RecordedCall,
} from '@psicocampus/shared/testing';
import AssessmentForm from '../components/assessment-form/assessment-form.component';
import { remark, savedAssessment, STUDENT_ID } from './fixtures';
import { answerNothingEndorsed, closeDialog, dialogTitled } from './form-driver';

const M = MSG.assessment;

/** What the stub server says on saving an assessment. */
export const SERVER_SAID = 'Evaluación guardada correctamente.';

/** The student the form is opened for. */
export const STUDENT_NAME = 'María José Castillo';

export type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

/** The server: saves assessments (answering `assessment`) and final remarks; returns its calls. */
export function server(
  assessment: SuicideAssessment,
  overrides: { save?: Handler; remarks?: Handler } = {},
): RecordedCall[] {
  const remarks: AssessmentRemark[] = [];
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === '/api/suicide-assessments') {
      return (
        overrides.save?.(call) ??
        Response.json({ ok: true, msg: SERVER_SAID, assessment }, { status: 201 })
      );
    }
    if (call.method === 'PUT' && call.path.endsWith('/final-remarks')) {
      const answer = overrides.remarks?.(call);
      if (answer) return answer;
      // Each save is appended to the ones before it, as the server does.
      const { finalRemarks } = call.body as { finalRemarks: string };
      remarks.push(remark(finalRemarks, `2026-10-0${remarks.length + 2}T10:00:00.000Z`));
      return Response.json({
        ok: true,
        msg: M.finalRemarksSaved,
        assessment: { ...assessment, finalRemarks, remarks: [...remarks] },
      });
    }
    return undefined;
  });
}

/** The form for the student, opened by a signed-in psychologist; returns the user's hands. */
export async function renderForm(
  props: { onClose?: () => void; onSaved?: (a: SuicideAssessment) => void } = {},
): Promise<UserEvent> {
  await renderWithApp(
    <AssessmentForm
      studentId={STUDENT_ID}
      studentName={STUDENT_NAME}
      onClose={props.onClose ?? jest.fn()}
      onSaved={props.onSaved}
    />,
    { session: { token: 'token-123', user: testPsychologist } },
  );
  return userEvent.setup();
}

export const saveButton = () => screen.getByRole('button', { name: M.save });

export const remarksBox = () => screen.getByRole('textbox', { name: M.newRemark });

/** Saves; returns the one dialog that follows, 'Evaluación Registrada' (docs/columbia-assessment.md#saving). */
export async function saveAndAcknowledge(user: UserEvent): Promise<HTMLElement> {
  await user.click(saveButton());
  return dialogTitled(M.registered);
}

/** A form answered with nothing endorsed, saved, and its dialog acknowledged. */
export async function savedForm(
  options: { remarks?: Handler; onClose?: () => void } = {},
): Promise<{ user: UserEvent; calls: RecordedCall[]; assessment: SuicideAssessment }> {
  const assessment = savedAssessment();
  const calls = server(assessment, { remarks: options.remarks });
  const user = await renderForm({ onClose: options.onClose });
  await answerNothingEndorsed(user);
  await closeDialog(user, await saveAndAcknowledge(user));
  return { user, calls, assessment };
}
