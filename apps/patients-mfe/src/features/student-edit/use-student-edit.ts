import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  errorMessage,
  errorStatus,
  MSG,
  studentEditFormSchema,
  useStudentQuery,
  useUpdateStudentMutation,
  type Semester,
  type Student,
} from '@psicocampus/shared';
import type { FormikHelpers } from '@psicocampus/shared/forms';
import { showError, showSuccess, useLeaveWithoutAsking } from '@psicocampus/shared/ui';
import { applyFieldErrors } from '@psicocampus/shared/forms';

/** The edit screen's values (docs/screens-and-routes.md#edit-student-screen and docs/rules-and-messages.md#edit-student-screen): '' for an empty optional field. */
export interface StudentEditValues {
  firstName: string;
  lastName: string;
  age: number | '';
  phone: string;
  city: string;
  level: Semester | '';
  career: string;
}

const FIELDS = ['firstName', 'lastName', 'age', 'phone', 'city', 'level', 'career'] as const;

function toValues(student: Student): StudentEditValues {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    age: student.age,
    phone: student.phone ?? '',
    city: student.city ?? '',
    level: student.level ?? student.careerLevel ?? '',
    career: student.career ?? '',
  };
}

/**
 * `patients/:id/edit` (docs/screens-and-routes.md#edit-student-screen and docs/rules-and-messages.md#edit-student-screen): loads the student afresh, saves
 * the edit subset (never the e-mail) with the version the form was filled
 * from, then 'Guardado' and back to the detail. A load failure says so and
 * returns to the detail.
 */
export function useStudentEdit() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, isError, isFetching } = useStudentQuery(id, {
    skip: !id,
    refetchOnMountOrArgChange: true,
  });
  const [update] = useUpdateStudentMutation();

  // The record the form was filled from: the first fresh answer, kept while
  // later refetches run, so the version sent always matches what was shown.
  const [loaded, setLoaded] = useState<Student | null>(null);
  // (A failed refresh must not fall back to an older cached copy.)
  if (!loaded && data && !isFetching && !isError) setLoaded(data.student);

  const backToDetail = useCallback(() => navigate('..', { relative: 'path' }), [navigate]);
  const leaveWithoutAsking = useLeaveWithoutAsking();

  const failed = !loaded && (isError || !id);
  const told = useRef(false);
  useEffect(() => {
    if (!failed || told.current) return;
    told.current = true;
    void showError(MSG.students.loadEditError).then(backToDetail);
  }, [backToDetail, failed]);

  const initialValues = useMemo(() => (loaded ? toValues(loaded) : null), [loaded]);

  const save = useCallback(
    async (values: StudentEditValues, helpers: FormikHelpers<StudentEditValues>) => {
      if (!loaded) return;
      const fields = studentEditFormSchema.cast(values, { stripUnknown: true });
      let answerMessage: string;
      try {
        const answer = await update({
          id: loaded._id,
          body: { ...fields, version: loaded.version },
        }).unwrap();
        answerMessage = answer.msg;
      } catch (error) {
        applyFieldErrors(error, helpers, FIELDS);
        await showError(
          errorStatus(error) === 409
            ? errorMessage(error, MSG.api.conflict)
            : errorMessage(error, MSG.students.saveChangesError),
        );
        return;
      }
      await showSuccess(MSG.students.savedTitle, answerMessage || undefined);
      // Saved: nothing typed is left behind (docs/screens-and-routes.md#leaving-a-form).
      leaveWithoutAsking(backToDetail);
    },
    [backToDetail, leaveWithoutAsking, loaded, update],
  );

  return { student: loaded, initialValues, save, cancel: backToDetail, failed };
}
