import { searchKey } from '@psicocampus/shared/domain';

/**
 * The value of `students.search_key`; every write of a name goes through it.
 * A module of its own, free of the database layer, because the import's
 * thread computes it too.
 */
export function studentSearchKey(firstName: string, lastName: string): string {
  return searchKey(`${firstName} ${lastName}`);
}
