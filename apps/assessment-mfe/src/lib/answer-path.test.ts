import { errorsAt, getAt, setAt } from './answer-path';

describe('dotted answer paths', () => {
  it('reads and writes nested values without touching the original', () => {
    const source = { actualAttempt: { present: true, totalAttempts: 1 }, observations: '' };
    const next = setAt(source, 'actualAttempt.totalAttempts', 3);
    expect(getAt(next, 'actualAttempt.totalAttempts')).toBe(3);
    expect(getAt(next, 'actualAttempt.present')).toBe(true);
    expect(source.actualAttempt.totalAttempts).toBe(1);
    expect(getAt(next, 'missing.path')).toBeUndefined();
  });

  it("turns a 400's field list into nested errors, first message per field", () => {
    expect(
      errorsAt([
        { field: 'deathWish.present', msg: 'uno' },
        { field: 'deathWish.present', msg: 'dos' },
        { field: 'lethalityDegree', msg: 'tres' },
      ]),
    ).toEqual({ deathWish: { present: 'uno' }, lethalityDegree: 'tres' });
  });
});
