import { MSG } from '../messages';
import { studentFormSchema } from './student.schemas';
import { allErrorMessages } from './error-messages';

describe('allErrorMessages', () => {
  it("lists each failing field's first message, in the form's order", () => {
    expect(
      allErrorMessages(studentFormSchema, {
        firstName: 'A1',
        lastName: '',
        age: 150,
        email: 'x',
        phone: '+593 99 111 2222',
        city: 'Quito',
        career: 'Medicina',
        gender: 'OTRO',
        careerLevel: 'PRIMERO',
        employmentStatus: 'EMPLEADO',
      }),
    ).toEqual([
      MSG.students.nameLetters,
      MSG.students.lastNameRequired,
      MSG.students.ageRange,
      MSG.students.emailInvalid,
    ]);
  });

  it('is empty for valid values', () => {
    expect(
      allErrorMessages(studentFormSchema, {
        firstName: 'Ana',
        lastName: 'Peña',
        age: 20,
        email: 'ana@uni.test',
        phone: '0991234567',
        city: 'Quito',
        career: 'Medicina',
        gender: 'FEMENINO',
        careerLevel: 'PRIMERO',
        employmentStatus: 'EMPLEADO',
        income: '',
      }),
    ).toEqual([]);
  });
});
