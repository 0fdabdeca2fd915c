import { matchRoutes } from 'react-router-dom';
import remote from './remote-module';

describe('the assessment remote contract', () => {
  it('answers studenteva/:id, evaluacion/:id and Evaluaciones for psychologists', () => {
    expect(remote.roles).toEqual(['PSYCHOLOGIST']);
    expect(matchRoutes(remote.routes, '/studenteva/42')).not.toBeNull();
    expect(matchRoutes(remote.routes, '/Evaluaciones')).not.toBeNull();
    expect(matchRoutes(remote.routes, '/evaluacion/42')).not.toBeNull();
    expect(matchRoutes(remote.routes, '/patients')).toBeNull();
  });

  it('puts Evaluaciones in the menu', () => {
    expect(remote.nav).toEqual([
      expect.objectContaining({ label: 'Evaluaciones', path: 'Evaluaciones' }),
    ]);
  });
});
