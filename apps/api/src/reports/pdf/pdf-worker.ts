import { renderAssessmentReport } from './assessment-report';
import { renderRecordReport } from './record-report';
import type { ReportData } from './report-data';
import { renderSafetyPlanReport } from './safety-plan-report';
import { renderStudentReport } from './student-report';
import { yieldToServerThread } from '../../lib/thread-priority';

yieldToServerThread();

function renderOf(data: ReportData): Promise<Buffer> {
  switch (data.kind) {
    case 'student':
      return renderStudentReport(data);
    case 'safety_plan':
      return renderSafetyPlanReport(data);
    case 'record':
      return renderRecordReport(data);
    default:
      return renderAssessmentReport(data);
  }
}

/**
 * Runs in a worker thread (see pdf-renderer.ts): laying out a PDF is CPU
 * work that would otherwise hold the event loop and every other request.
 */
export default async function render(data: ReportData): Promise<Uint8Array> {
  const buffer = await renderOf(data);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
