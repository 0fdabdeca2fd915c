// The feature walls of docs/architecture.md#feature-folders, as zones of
// import-x/no-restricted-paths: one zone per feature folder of each front
// end, read from the folders themselves, so that a new feature is walled
// from the moment it exists.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The feature folders of `app` (apps/<name>), by name. */
export function featuresOf(app) {
  const features = path.join(ROOT, app, 'src/features');
  if (!existsSync(features)) return [];
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The zones for `apps`: every feature walled from its siblings, and the shared parts from all. */
export function featureZones(apps) {
  return apps.flatMap((app) => {
    const src = `./${app}/src`;
    const siblings = featuresOf(app).map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message:
        'A feature imports nothing from another feature: move what both use to components/ or lib/, or compose them in app/ or remote-module (docs/architecture.md#feature-folders).',
    }));
    return [
      ...siblings,
      {
        target: [`${src}/components`, `${src}/lib`],
        from: [`${src}/features`, `${src}/app`],
        message:
          'components/ and lib/ are shared by the features: they import no feature and no app/ (docs/architecture.md#feature-folders).',
      },
      {
        target: `${src}/features`,
        from: `${src}/app`,
        message:
          'app/ composes the features; a feature never imports it (docs/architecture.md#feature-folders).',
      },
    ];
  });
}
