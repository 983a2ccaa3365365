import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/*
 * The release workflow's build step, run for real under bash with stand-ins for `npx
 * electron-builder` (which writes what electron-builder writes into dist/) and `gh`, so what each
 * OS publishes, with and without its signing secrets, is checked without a runner.
 */
const root = join(import.meta.dirname, '..');

interface Step {
  name?: string;
  run?: string;
}
const release = parse(readFileSync(join(root, '.github', 'workflows', 'release.yml'), 'utf8')) as {
  jobs: { installers: { steps: Step[] } };
};
const buildStep = release.jobs.installers.steps.find((s) => s.run?.includes('electron-builder'));

/** What electron-builder leaves in dist/ for each OS (the feed file is latest*.yml). */
const outputs: Record<string, string[]> = {
  macOS: [
    'Marquee-0.1.0.dmg',
    'Marquee-0.1.0-arm64.dmg',
    'Marquee-0.1.0-mac.zip',
    'Marquee-0.1.0-arm64-mac.zip',
    'latest-mac.yml',
  ],
  Windows: ['Marquee Setup 0.1.0.exe', 'latest.yml'],
  Linux: ['Marquee-0.1.0.AppImage', 'marquee_0.1.0_amd64.deb', 'latest-linux.yml'],
};
const platforms: Record<string, string> = { macOS: '--mac', Windows: '--win', Linux: '--linux' };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runBuild(os: string, secrets: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-release-'));
  dirs.push(dir);
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const calls = join(dir, 'calls.log');
  const files = (outputs[os] ?? []).map((name) => `touch "dist/${name}"`).join('\n');
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/bash\necho "npx $*" >> "${calls}"\nmkdir -p dist\n${files}\n`,
  );
  writeFileSync(join(bin, 'gh'), `#!/bin/bash\necho "gh $*" >> "${calls}"\n`);
  chmodSync(join(bin, 'npx'), 0o755);
  chmodSync(join(bin, 'gh'), 0o755);
  const script = (buildStep?.run ?? '').replaceAll('${{ matrix.platform }}', platforms[os] ?? '');
  const empty = {
    MAC_CSC_LINK: '',
    MAC_CSC_KEY_PASSWORD: '',
    APPLE_ID: '',
    APPLE_APP_SPECIFIC_PASSWORD: '',
    APPLE_TEAM_ID: '',
    WIN_CSC_LINK: '',
    WIN_CSC_KEY_PASSWORD: '',
  };
  const result = spawnSync('bash', ['-e', '-c', script], {
    cwd: dir,
    env: {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      RUNNER_OS: os,
      GITHUB_REF_NAME: 'v0.1.0',
      GH_TOKEN: 'x',
      ...empty,
      ...secrets,
    },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  let log = '';
  try {
    log = readFileSync(calls, 'utf8');
  } catch {
    // Nothing was called.
  }
  return { log, out: result.stdout, dist: readdirSync(join(dir, 'dist')).sort() };
}

const macSecrets = {
  MAC_CSC_LINK: 'base64-p12',
  MAC_CSC_KEY_PASSWORD: 'pw',
  APPLE_ID: 'dev@example.org',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh',
  APPLE_TEAM_ID: 'TEAM123',
};

// The step runs under bash on every runner; here it is run on Linux and macOS, where bash is at hand.
describe.skipIf(process.platform === 'win32')('the release build step', () => {
  it('has a build step', () => {
    expect(buildStep?.run).toBeDefined();
  });

  it('publishes a signed, notarised macOS build with its ZIP and feed, refusing to lose the signature', () => {
    const { log, dist } = runBuild('macOS', macSecrets);
    expect(log).toBe('npx electron-builder --mac --publish always -c.forceCodeSigning=true\n');
    expect(dist).toContain('latest-mac.yml');
  });

  it('never publishes an unsigned or unnotarised macOS build: kept as -unsigned, with no feed', () => {
    const cases: Record<string, string>[] = [{}, { MAC_CSC_LINK: 'base64-p12' }];
    for (const secrets of cases) {
      const { log, out, dist } = runBuild('macOS', secrets);
      expect(log).toBe('npx electron-builder --mac --publish never\n');
      expect(out).toMatch(/::warning::This macOS build is unsigned/);
      expect(dist).toEqual([
        'Marquee-0.1.0-arm64-mac-unsigned.zip',
        'Marquee-0.1.0-arm64-unsigned.dmg',
        'Marquee-0.1.0-mac-unsigned.zip',
        'Marquee-0.1.0-unsigned.dmg',
      ]);
    }
  });

  it('publishes a Windows build only with its certificate', () => {
    expect(runBuild('Windows', { WIN_CSC_LINK: 'base64-pfx' }).log).toBe(
      'npx electron-builder --win --publish always -c.forceCodeSigning=true\n',
    );
    const unsigned = runBuild('Windows', {});
    expect(unsigned.log).toBe('npx electron-builder --win --publish never\n');
    expect(unsigned.dist).toEqual(['Marquee Setup 0.1.0-unsigned.exe']);
  });

  it('attaches the Linux installers for download but never an update feed', () => {
    const { log, dist } = runBuild('Linux', macSecrets);
    expect(log).toBe(
      'npx electron-builder --linux --publish never\n' +
        'gh release upload v0.1.0 dist/Marquee-0.1.0.AppImage dist/marquee_0.1.0_amd64.deb --clobber\n',
    );
    expect(dist).not.toContain('latest-linux.yml');
  });
});

describe('electron-builder.yml', () => {
  it('builds a ZIP beside the DMG for each macOS architecture (electron-updater installs from it)', () => {
    const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as {
      mac: { target: { target: string; arch: string[] }[] };
    };
    const targets = Object.fromEntries(config.mac.target.map((t) => [t.target, t.arch]));
    expect(targets).toEqual({ dmg: ['x64', 'arm64'], zip: ['x64', 'arm64'] });
  });
});
