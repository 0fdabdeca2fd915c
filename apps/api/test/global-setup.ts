import { createMigratedTemplate, TEMPLATE_ENV } from './helpers/template-database';

/** Once per run, before any test file: the migrated database every test server starts from. */
export default async function globalSetup(): Promise<void> {
  process.env[TEMPLATE_ENV] = JSON.stringify(await createMigratedTemplate());
}
