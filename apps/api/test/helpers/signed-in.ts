import type { StudentCreateBody, StudentSummary } from '@psicocampus/shared/domain';
import type { AppConfig } from '../../src/config';
import { createStudent } from './patients';
import { startTestServer, type TestServer } from './test-server';

/** The demo accounts' sessions, named as the tests call their people. */
export interface DemoSessions {
  /** Lucía Fernández, the demo psychologist. */
  lucia: string;
  /** Martín Rojas, another psychologist: Lucía's students are not his. */
  martin: string;
  /** Ana, the administrator. */
  admin: string;
}

/** A test server of its own with the three demo accounts signed in. */
export async function serverWithDemoSessions(
  overrides: Partial<AppConfig> = {},
): Promise<{ server: TestServer } & DemoSessions> {
  const server = await startTestServer(overrides);
  try {
    const [lucia, martin, admin] = await Promise.all([
      server.login('psychologist'),
      server.login('psychologist2'),
      server.login('admin'),
    ]);
    return { server, lucia, martin, admin };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Lucía signed in with a new student of her own (`token` is her session),
 * the other demo accounts signed in beside her: where the tests of a
 * student's records start.
 */
export async function signedInPsychologistWithStudent(
  student: Partial<StudentCreateBody> = {},
  overrides: Partial<AppConfig> = {},
): Promise<{ server: TestServer; token: string; student: StudentSummary } & DemoSessions> {
  const signedIn = await serverWithDemoSessions(overrides);
  try {
    const created = await createStudent(signedIn.server, signedIn.lucia, student);
    return { ...signedIn, token: signedIn.lucia, student: created };
  } catch (error) {
    await signedIn.server.close();
    throw error;
  }
}
