/**
 * The packages whose install scripts the project relies on: the lock file marks them (`hasInstallScript`),
 * package.json approves exactly them (`allowScripts`, which npm 12 enforces) and the README names them.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

it('approves in package.json, and names in the README, exactly the packages whose install scripts run', () => {
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.replace(/^.*node_modules\//, ''))
    .sort();
  expect(withScripts).toEqual(['better-sqlite3', 'node']);
  const { allowScripts } = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> };
  expect(Object.keys(allowScripts ?? {}).sort()).toEqual(withScripts);
  const readme = read('README.md');
  for (const name of withScripts) expect(readme).toContain(`\`${name}\``);
});
