import { disposeMigratedTemplate, templateOfThisRun } from './helpers/template-database';

/** Once per run, after every test file: nothing of the template is left behind. */
export default async function globalTeardown(): Promise<void> {
  const template = templateOfThisRun();
  if (template) await disposeMigratedTemplate(template);
}
