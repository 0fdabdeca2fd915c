import { assignmentChangeOf } from './assignment';

const LUCIA = 'a1';
const TOMAS = 'b2';

describe('assignmentChangeOf', () => {
  it('tells a first assignment from one that takes the student from someone', () => {
    expect(assignmentChangeOf(null, LUCIA)).toBe('assign');
    expect(assignmentChangeOf(LUCIA, TOMAS)).toBe('reassign');
    expect(assignmentChangeOf(LUCIA, null)).toBe('unassign');
    expect(assignmentChangeOf(LUCIA, LUCIA)).toBe('none');
    expect(assignmentChangeOf(null, null)).toBe('none');
  });
});
