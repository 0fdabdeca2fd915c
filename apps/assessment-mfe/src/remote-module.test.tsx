import { matchRoutes } from 'react-router-dom';
import { REMOTE_PATHS } from '@psicocampus/shared';
import { remoteMount } from '@psicocampus/shared/domain';
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

  it('mounts the screens the shared contract sends the other remotes to', () => {
    const here = (address: string) => address.slice(remoteMount('assessment').length);
    const id = 'c1000000-0000-4000-8000-000000000002';
    for (const address of [REMOTE_PATHS.studentEvaluations(id), REMOTE_PATHS.savedAssessment(id)]) {
      expect(matchRoutes(remote.routes, here(address))?.at(-1)?.params).toEqual({ id });
    }
  });
});
