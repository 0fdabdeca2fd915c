import { FIRST_HOUR, LAST_HOUR } from './agenda-dates';

/**
 * Where the week and day grids draw appointments
 * (docs/screens-and-routes.md#agenda): each at its true start and length on
 * the service's clock, the hours shown grown to hold them, and appointments
 * that share a minute side by side. Pure: minutes in, places out.
 */

/** An appointment's minutes on its day's clock: from `start` (0 = midnight) to `end`. */
export interface Span {
  start: number;
  end: number;
}

const DAY_MINUTES = 24 * 60;

/**
 * The hours a grid shows: the working day (FIRST_HOUR to LAST_HOUR), grown
 * to the hour before the earliest start and the hour after the latest end
 * among `spans` (never past midnight: a session that crosses it is drawn to
 * the foot of its day).
 */
export function visibleHours(spans: readonly Span[]): { first: number; last: number } {
  let first = FIRST_HOUR;
  let last = LAST_HOUR;
  for (const { start, end } of spans) {
    first = Math.min(first, Math.floor(Math.max(start, 0) / 60));
    last = Math.max(last, Math.ceil(Math.min(end, DAY_MINUTES) / 60));
  }
  return { first, last };
}

/** Where one appointment sits among those it overlaps: a column of `columns`, `span` columns wide. */
export interface Placement {
  column: number;
  columns: number;
  span: number;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** The columns of one group of appointments that overlap one another, directly or through others. */
function placeGroup(group: ReadonlyArray<{ index: number; span: Span }>, out: Placement[]): void {
  const columnEnds: number[] = [];
  const columnOf = new Map<number, number>();
  for (const { index, span } of group) {
    // The first column free by this start, or a new one.
    let column = columnEnds.findIndex((end) => end <= span.start);
    if (column === -1) column = columnEnds.push(span.end) - 1;
    else columnEnds[column] = span.end;
    columnOf.set(index, column);
  }
  const columns = columnEnds.length;
  for (const { index, span } of group) {
    const column = columnOf.get(index)!;
    // Widened to the right over the columns none of whose appointments it overlaps.
    let width = 1;
    while (
      column + width < columns &&
      !group.some(
        (other) => columnOf.get(other.index) === column + width && overlaps(other.span, span),
      )
    ) {
      width += 1;
    }
    out[index] = { column, columns, span: width };
  }
}

/**
 * The standard calendar layout of one day's appointments: sorted by start
 * (the longer first on a tie), each takes the first column free at its
 * start; a group of appointments linked by overlaps shares the column's
 * width among as many columns as it needs, and each one widens over the
 * columns to its right that are free for its whole length. The answer is
 * in the order of `spans`.
 */
export function layoutDay(spans: readonly Span[]): Placement[] {
  const order = spans
    .map((span, index) => ({
      index,
      span: { start: span.start, end: Math.max(span.end, span.start + 1) },
    }))
    .sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end || a.index - b.index);
  const placements: Placement[] = new Array<Placement>(spans.length);
  let group: typeof order = [];
  let groupEnd = -Infinity;
  for (const item of order) {
    if (group.length && item.span.start >= groupEnd) {
      placeGroup(group, placements);
      group = [];
    }
    group.push(item);
    groupEnd = group.length === 1 ? item.span.end : Math.max(groupEnd, item.span.end);
  }
  if (group.length) placeGroup(group, placements);
  return placements;
}
