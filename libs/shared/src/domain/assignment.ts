/**
 * What assigning a student to a psychologist changes
 * (docs/decisions.md#e-mail-changes-and-assignments): 'assign' gives a
 * student nobody held; 'reassign' and 'unassign' take the student from the
 * psychologist who held them, who loses the file, so the screen asks first
 * (docs/rules-and-messages.md#confirmations); 'none' keeps who holds them.
 */
export type AssignmentChangeKind = 'assign' | 'reassign' | 'unassign' | 'none';

/** The change from who holds the student now to who would (null: nobody). */
export function assignmentChangeOf(
  currentId: string | null,
  nextId: string | null,
): AssignmentChangeKind {
  if (currentId === nextId) return 'none';
  if (!currentId) return 'assign';
  return nextId ? 'reassign' : 'unassign';
}
