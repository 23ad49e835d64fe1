import { execFileSync } from 'node:child_process';
import { createVitest } from 'vitest/node';

// Every test file in git must run in exactly one vitest project, chosen by its folder. The
// one allowed overlap: the session and demo browser tests, run again in Firefox.
// Usage: npx tsx scripts/checkTestProjects.ts (prints the files per project, exits 1 on a gap).
const SECOND_ENGINE = 'e2e-firefox';

const tracked = execFileSync('git', ['ls-files', 'test'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.test(-d)?\.tsx?$/.test(file));

const vitest = await createVitest('test', { watch: false }, {}, {});
const projectsOf = new Map<string, string[]>();
for (const specification of await vitest.globTestSpecifications()) {
  const file = specification.moduleId.slice(vitest.config.root.length + 1);
  const name = specification.project.name;
  projectsOf.set(file, [...(projectsOf.get(file) ?? []), name]);
}
await vitest.close();

const problems: string[] = [];
const perProject = new Map<string, string[]>();
for (const file of tracked) {
  const names = [...new Set(projectsOf.get(file) ?? [])];
  for (const name of names) perProject.set(name, [...(perProject.get(name) ?? []), file]);
  const primary = names.filter((name) => name !== SECOND_ENGINE);
  if (primary.length !== 1) problems.push(`${file}: ${names.join(', ') || 'no project'}`);
  if (names.includes(SECOND_ENGINE) && !names.includes('e2e')) {
    problems.push(`${file}: in ${SECOND_ENGINE} but not in e2e`);
  }
}
for (const file of projectsOf.keys()) {
  if (!tracked.includes(file)) problems.push(`${file}: found by vitest but not in git`);
}

for (const [name, files] of [...perProject].sort()) {
  console.log(`${name} (${files.length})`);
  for (const file of files) console.log(`  ${file}`);
}
if (problems.length > 0) {
  console.error(`\nTest files not in exactly one project:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\n${tracked.length} test files, each in one project.`);
