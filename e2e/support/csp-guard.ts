import { cspViolations } from './browser';

// Runs after every test file's own hooks: a script, style or call the
// Content-Security-Policy refused anywhere in the file fails it, naming it.
afterAll(() => {
  expect(cspViolations).toEqual([]);
});
