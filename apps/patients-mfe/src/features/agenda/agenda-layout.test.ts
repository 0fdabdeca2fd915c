import { layoutDay, visibleHours } from './agenda-layout';

/** 'HH:MM' as minutes past midnight. */
const at = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
const span = (from: string, to: string) => ({ start: at(from), end: at(to) });

describe('the hours a grid shows', () => {
  it('are the working day, 07:00 to 21:00, when every appointment falls within it', () => {
    expect(visibleHours([])).toEqual({ first: 7, last: 21 });
    expect(visibleHours([span('07:00', '07:50'), span('20:10', '21:00')])).toEqual({
      first: 7,
      last: 21,
    });
  });

  it('grow to the hour of the earliest start and past the latest end', () => {
    expect(visibleHours([span('05:00', '05:50'), span('10:00', '10:50')])).toEqual({
      first: 5,
      last: 21,
    });
    expect(visibleHours([span('03:00', '03:50'), span('04:30', '05:20')])).toEqual({
      first: 3,
      last: 21,
    });
    expect(visibleHours([span('21:30', '22:20')])).toEqual({ first: 7, last: 23 });
    expect(visibleHours([span('06:45', '07:35'), span('20:30', '21:20')])).toEqual({
      first: 6,
      last: 22,
    });
  });

  it('stop at midnight for a session that crosses it', () => {
    expect(visibleHours([{ start: at('23:30'), end: at('23:30') + 120 }])).toEqual({
      first: 7,
      last: 24,
    });
  });
});

describe('the layout of a day', () => {
  it('gives an appointment alone the whole column', () => {
    expect(layoutDay([span('10:00', '10:50')])).toEqual([{ column: 0, columns: 1, span: 1 }]);
  });

  it('puts two that overlap side by side, in the order given', () => {
    expect(layoutDay([span('11:30', '12:20'), span('11:00', '11:50')])).toEqual([
      { column: 1, columns: 2, span: 1 },
      { column: 0, columns: 2, span: 1 },
    ]);
  });

  it('keeps back-to-back sessions whole: one ends as the next begins', () => {
    expect(layoutDay([span('10:00', '10:50'), span('10:50', '11:40')])).toEqual([
      { column: 0, columns: 1, span: 1 },
      { column: 0, columns: 1, span: 1 },
    ]);
  });

  it('puts the longer of two that start together first', () => {
    expect(layoutDay([span('09:00', '09:30'), span('09:00', '10:30')])).toEqual([
      { column: 1, columns: 2, span: 1 },
      { column: 0, columns: 2, span: 1 },
    ]);
  });

  it('shares columns along a chain of overlaps, reusing a column once it is free', () => {
    expect(
      layoutDay([span('09:00', '10:00'), span('09:30', '10:30'), span('10:00', '11:00')]),
    ).toEqual([
      { column: 0, columns: 2, span: 1 },
      { column: 1, columns: 2, span: 1 },
      { column: 0, columns: 2, span: 1 },
    ]);
  });

  it('widens one over the columns to its right that are free for its whole length', () => {
    const placements = layoutDay([
      span('09:00', '12:00'),
      span('09:00', '10:00'),
      span('09:00', '10:00'),
      span('10:00', '11:00'),
    ]);
    expect(placements).toEqual([
      { column: 0, columns: 3, span: 1 },
      { column: 1, columns: 3, span: 1 },
      { column: 2, columns: 3, span: 1 },
      { column: 1, columns: 3, span: 2 },
    ]);
  });

  it('starts a new group after a gap: later appointments get the whole column again', () => {
    expect(
      layoutDay([span('11:00', '11:50'), span('11:30', '12:20'), span('15:00', '15:50')]),
    ).toEqual([
      { column: 0, columns: 2, span: 1 },
      { column: 1, columns: 2, span: 1 },
      { column: 0, columns: 1, span: 1 },
    ]);
  });

  it('never draws two overlapping appointments over each other', () => {
    // Every pair that shares a minute gets columns that do not share any.
    const spans = [
      span('08:00', '09:30'),
      span('08:30', '09:20'),
      span('09:00', '09:50'),
      span('09:15', '10:00'),
      span('09:40', '10:30'),
      span('10:00', '10:50'),
      span('13:00', '13:50'),
    ];
    const placements = layoutDay(spans);
    spans.forEach((a, i) =>
      spans.forEach((b, j) => {
        if (i >= j || !(a.start < b.end && b.start < a.end)) return;
        const p = placements[i]!;
        const q = placements[j]!;
        expect(p.columns).toBe(q.columns);
        const apart = p.column + p.span <= q.column || q.column + q.span <= p.column;
        expect(apart).toBe(true);
      }),
    );
  });
});
