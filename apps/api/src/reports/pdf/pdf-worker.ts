import { renderAssessmentReport } from './assessment-report';
import type { ReportData } from './report-data';
import { renderSafetyPlanReport } from './safety-plan-report';
import { renderStudentReport } from './student-report';
import { yieldToServerThread } from '../../lib/thread-priority';

yieldToServerThread();

/**
 * Runs in a worker thread (see pdf-renderer.ts): laying out a PDF is CPU
 * work that would otherwise hold the event loop and every other request.
 */
export default async function render(data: ReportData): Promise<Uint8Array> {
  const buffer =
    data.kind === 'student'
      ? await renderStudentReport(data)
      : data.kind === 'safety_plan'
        ? await renderSafetyPlanReport(data)
        : await renderAssessmentReport(data);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
