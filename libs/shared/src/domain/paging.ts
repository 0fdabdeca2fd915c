/**
 * Paging of the API's lists that can grow (docs/api.md#paged-lists): the
 * caller asks `?page=&pageSize=` and the answer says which page it is,
 * its size and how many items there are in all, so a screen can say the
 * total and move between pages. One place for the limits, shared by the
 * server that enforces them and the screens that ask.
 */

/** Items per page when the caller does not say. */
export const LIST_PAGE_SIZE = 50;
/** The most items one page may hold; a larger `pageSize` is a 400. */
export const LIST_MAX_PAGE_SIZE = 200;
/**
 * Clinical notes a page of a student's 'Notas clínicas' holds: the student's
 * detail carries this many, the newest, beside how many there are in all;
 * `GET /api/students/{id}/clinical-notes` answers pages of this size when
 * not told otherwise (docs/api.md#clinical-notes).
 */
export const CLINICAL_NOTES_PAGE_SIZE = 20;
/**
 * Assessments a page of a student's 'Historial de evaluaciones' holds, the
 * newest first: `GET /api/suicide-assessments?studentId=` answers pages of
 * this size when asked by page and not told the size (docs/api.md#assessments).
 */
export const STUDENT_ASSESSMENTS_PAGE_SIZE = 20;
/** The highest `page` accepted (a page past the last one answers no items). */
export const LIST_MAX_PAGE = 1_000_000;

/** What a screen asks of a paged list; absent fields take the defaults above. */
export interface PageRequest {
  /** 1-based. */
  page?: number;
  pageSize?: number;
}

/** What every paged answer carries beside its items. */
export interface PageInfo {
  /** Every item that matches, on every page. */
  total: number;
  page: number;
  pageSize: number;
}
