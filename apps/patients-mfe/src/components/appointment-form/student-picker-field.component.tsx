import { useState } from 'react';
import { fullName, MSG } from '@psicocampus/shared';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
import { useField } from '@psicocampus/shared/forms';
import { Combobox } from '@psicocampus/shared/combobox';
import { useStudentSearch } from './use-student-search';

/**
 * The appointment's student (`name`, their id), looked for by name among
 * the psychologist's own: typing asks the server's search, the list offers
 * the first matches with their e-mail, one is chosen from it
 * (docs/screens-and-routes.md#agenda). Typing again after a choice undoes it.
 */
export function StudentPickerField({ name }: { name: string }) {
  const [field, meta, helpers] = useField<string>(name);
  const [text, setText] = useState('');
  const { students, total, searching, failed } = useStudentSearch(text);
  const options = students.map((student) => ({
    value: student._id,
    label: fullName(student),
    description: student.email,
  }));
  const error =
    meta.touched && meta.error
      ? text && !field.value
        ? AGENDA_MSG.studentPick
        : meta.error
      : undefined;
  return (
    <Combobox
      label={MSG.appointments.student}
      required
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (field.value) void helpers.setValue('');
      }}
      options={options}
      value={field.value}
      onSelect={(option) => {
        setText(option.label);
        void helpers.setValue(option.value);
      }}
      onBlur={() => void helpers.setTouched(true)}
      loading={searching}
      loadingText={AGENDA_MSG.studentSearching}
      emptyText={failed ? AGENDA_MSG.studentSearchError : AGENDA_MSG.studentNone(text.trim())}
      countText={AGENDA_MSG.studentCount}
      moreText={
        total > students.length ? AGENDA_MSG.studentMore(students.length, total) : undefined
      }
      placeholder={AGENDA_MSG.studentPlaceholder}
      hint={AGENDA_MSG.studentHint}
      error={error}
    />
  );
}
