import { serverWithDemoSessions } from '../../../test/helpers/signed-in';

describe('GET /api/service', () => {
  it('tells every signed-in staff member the zone the service’s clocks read, and nobody else', async () => {
    const { server, lucia, admin } = await serverWithDemoSessions({
      serviceTimeZone: 'Europe/Madrid',
    });
    try {
      for (const token of [lucia, admin]) {
        const answer = await server.call({ method: 'GET', url: '/api/service', token });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ ok: true, service: { timeZone: 'Europe/Madrid' } });
      }
      const anonymous = await server.call({ method: 'GET', url: '/api/service' });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('answers the university’s zone when SERVICE_TIME_ZONE is unset', async () => {
    const { server, lucia } = await serverWithDemoSessions();
    try {
      const answer = await server.call({ method: 'GET', url: '/api/service', token: lucia });
      expect(answer.json().service.timeZone).toBe('America/Guayaquil');
    } finally {
      await server.close();
    }
  });
});
