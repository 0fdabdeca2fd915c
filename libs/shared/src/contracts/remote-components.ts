import type { ComponentType } from 'react';
import type { RemoteName } from '@psicocampus/shared/domain';
import type { SuicideAssessment } from '@psicocampus/shared/columbia';

/**
 * Components one remote exposes for another to render (loaded at run time
 * through the shell, never imported). The shell registers the loader at
 * start; the shared library is a singleton, so every remote finds it.
 */
export type RemoteComponentLoader = <P>(
  remote: RemoteName,
  expose: string,
) => Promise<ComponentType<P>>;

let loader: RemoteComponentLoader | null = null;

/** Called once by the shell with its Module Federation loader. */
export function registerRemoteComponentLoader(next: RemoteComponentLoader): void {
  loader = next;
}

/** Loads a component another remote exposes; rejects when the remote cannot be loaded. */
export function loadRemoteComponent<P>(
  remote: RemoteName,
  expose: string,
): Promise<ComponentType<P>> {
  if (!loader)
    return Promise.reject(
      new Error('No remote component loader registered (the shell registers it).'),
    );
  return loader<P>(remote, expose);
}

/** The assessment remote's `./AssessmentForm` (docs/architecture.md#the-embeddable-assessment): the Columbia form for one student. */
export interface AssessmentFormProps {
  studentId: string;
  /** The student's name, for the title. */
  studentName?: string;
  /** After the main assessment is saved (final remarks may follow). */
  onSaved?: (assessment: SuicideAssessment) => void;
  onClose: () => void;
  /** Whether answers not yet saved would be lost by closing (for a modal's close button). */
  onUnsavedChange?: (unsaved: boolean) => void;
}

export const ASSESSMENT_FORM_EXPOSE = 'AssessmentForm';

/**
 * The assessment remote's `./StudentEvaluations` (docs/screens-and-routes.md#evaluations-of-a-student): a student's
 * evaluations as a section of another screen (the student detail). The
 * assessment remote owns the block — history, PDFs, final remarks and
 * 'Nueva Evaluación' — and shows the same block on its own `studenteva/:id`.
 */
export interface StudentEvaluationsProps {
  studentId: string;
}

export const STUDENT_EVALUATIONS_EXPOSE = 'StudentEvaluations';
