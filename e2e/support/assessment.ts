import type { Locator, Page } from 'playwright-core';

/** The Columbia form's yes/no question whose legend starts with `title`. */
export function question(scope: Page | Locator, title: string): Locator {
  return scope.getByRole('group', {
    name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`),
  });
}

/** Answers a yes/no question, and types its description when one is given. */
export async function answer(
  scope: Page | Locator,
  title: string,
  choice: 'Sí' | 'No',
  description?: string,
): Promise<void> {
  const group = question(scope, title);
  await group.getByRole('radio', { name: choice, exact: true }).check();
  if (description) await group.getByLabel(/Descripción/).fill(description);
}
