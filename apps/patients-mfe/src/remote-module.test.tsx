import { matchRoutes } from 'react-router-dom';
import { REMOTE_PATHS } from '@psicocampus/shared';
import { remoteMount } from '@psicocampus/shared/domain';
import remote from './remote-module';

describe('the patients remote contract', () => {
  it('is for psychologists only', () => {
    expect(remote.roles).toEqual(['PSYCHOLOGIST']);
  });

  it.each([
    '',
    'patients',
    'patients/42',
    'patients/42/edit',
    'patients/42/safety-plan',
    'profile',
    'configuration',
    'history',
    'pending-notes',
    'follow-up',
    'agenda',
    'statistics',
  ])(
    'answers the psychologist dashboard child "%s" of docs/screens-and-routes.md#routes',
    (path) => {
      expect(matchRoutes(remote.routes, `/${path}`)).not.toBeNull();
    },
  );

  it('leaves studenteva and Evaluaciones to the assessment remote', () => {
    expect(matchRoutes(remote.routes, '/studenteva/42')).toBeNull();
    expect(matchRoutes(remote.routes, '/Evaluaciones')).toBeNull();
  });

  it('has a route for every menu entry, with Spanish labels', () => {
    for (const entry of remote.nav) {
      expect(matchRoutes(remote.routes, `/${entry.path}`)).not.toBeNull();
    }
    expect(remote.nav.map((entry) => entry.label)).toContain('Mis Pacientes');
  });

  it('mounts the screens the shared contract sends the other remotes to', () => {
    const here = (address: string) =>
      address.slice(remoteMount('patients').length).replace(/\?.*$/, '');
    const id = 'c1000000-0000-4000-8000-000000000002';
    expect(matchRoutes(remote.routes, here(REMOTE_PATHS.patientsList()))).not.toBeNull();
    for (const address of [REMOTE_PATHS.studentDetail(id), REMOTE_PATHS.safetyPlan(id, 'a1')]) {
      expect(matchRoutes(remote.routes, here(address))?.at(-1)?.params).toEqual({ id });
    }
  });
});
