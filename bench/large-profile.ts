/**
 * A large profile, the same on every run: a million cached titles, 100,000 plays over twenty
 * years (films and episodes, rewatches), 2,000 followed series, 5,000 watchlist and list items,
 * an inbox of 10,000, plus a 200,000-play backup file and a 20,000-play Trakt history to import.
 *
 * Built once per version and seed under the system's temp folder and reused by every suite and
 * run after (generation takes a minute or more); each user copies it to a folder of its own, since
 * cores write to their data folder. The manifest, written last, holds each file's SHA-256: the
 * same version and seed give the same bytes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { createSearchIndexStore } from '../src-main/cache/store/search-upkeep';
import { CACHE_FILE, LIBRARY_FILE } from '../src-main/db/databases';
import { backupText, traktHistoryText } from './large-profile-files';
import { seedLargeLibrary, SHAPE } from './large-profile-library';
import { NOW } from './stats-seed';
import { open } from './storage-common';
import { fillTitles, prng } from './storage-search';

export { SHAPE } from './large-profile-library';
/** Changing what is generated changes this, so an older profile is never reused. */
export const PROFILE_VERSION = 'v1';
export const PROFILE_SEED = 24;
/** The profile's "now": every play is before it, and cores reading it run on a clock from it. */
export const PROFILE_NOW = NOW;

const BACKUP_FILE = 'backup-200k.json';
const TRAKT_FILE = 'watched-history.json';
const MANIFEST = 'manifest.json';

export interface ProfileManifest {
  version: string;
  seed: number;
  now: number;
  shape: typeof SHAPE;
  plays: number;
  generatedSeconds: number;
  /** Seconds per part: the cache, the library, the two files. */
  phases: Record<string, number>;
  sha256: Record<string, string>;
}

export interface LargeProfile {
  /** The folder holding the generated data folder's files: copy it, never open it in place. */
  dir: string;
  backupFile: string;
  traktFile: string;
  manifest: ProfileManifest;
  /** True when this call generated it, false when it was reused. */
  generated: boolean;
}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Generation only: a page cache big enough for the search index being built, and no waiting for
 * the disk at each commit (a crash leaves a folder that is never renamed into use).
 */
function bulk(db: Database.Database): void {
  db.pragma('cache_size = -262144');
  db.pragma('synchronous = OFF');
}

/** Writes the profile into `dir` (which exists and is empty); returns its manifest. */
export async function generateProfile(dir: string, seed = PROFILE_SEED): Promise<ProfileManifest> {
  const started = performance.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string): void => {
    const now = performance.now();
    phases[name] = Math.round((now - mark) / 100) / 10;
    mark = now;
  };
  const cache = await open(path.join(dir, CACHE_FILE), 'cache');
  try {
    bulk(cache);
    fillTitles(cache, SHAPE.titles, 'realistic', prng(seed), true);
    // As after long use: the idle upkeep has merged the index's segments (writes never do).
    const index = createSearchIndexStore(cache);
    while (index.merge(1_000));
  } finally {
    cache.close();
  }
  phase('cache');
  const library = await open(path.join(dir, LIBRARY_FILE), 'library');
  let plays: number;
  try {
    bulk(library);
    plays = seedLargeLibrary(library, PROFILE_NOW, seed);
  } finally {
    library.close();
  }
  phase('library');
  fs.writeFileSync(path.join(dir, BACKUP_FILE), backupText(PROFILE_NOW, seed));
  fs.writeFileSync(path.join(dir, TRAKT_FILE), traktHistoryText(PROFILE_NOW, seed));
  phase('files');
  const files = [CACHE_FILE, LIBRARY_FILE, BACKUP_FILE, TRAKT_FILE];
  const manifest: ProfileManifest = {
    version: PROFILE_VERSION,
    seed,
    now: PROFILE_NOW,
    shape: SHAPE,
    plays,
    generatedSeconds: Math.round((performance.now() - started) / 100) / 10,
    phases,
    sha256: Object.fromEntries(files.map((f) => [f, sha256(path.join(dir, f))])),
  };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function found(dir: string, generated: boolean): LargeProfile | null {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dir, MANIFEST), 'utf8'),
    ) as ProfileManifest;
    if (manifest.version !== PROFILE_VERSION) return null;
    return {
      dir,
      backupFile: path.join(dir, BACKUP_FILE),
      traktFile: path.join(dir, TRAKT_FILE),
      manifest,
      generated,
    };
  } catch {
    return null;
  }
}

/** The profile for `seed`: reused when already built, else generated (into a folder renamed at the end). */
export async function largeProfile(seed = PROFILE_SEED): Promise<LargeProfile> {
  const dir = path.join(os.tmpdir(), `marquee-large-profile-${PROFILE_VERSION}-${String(seed)}`);
  const ready = found(dir, false);
  if (ready) return ready;
  const building = fs.mkdtempSync(`${dir}.building-`);
  try {
    await generateProfile(building, seed);
    // Another run may have finished first: keep its copy, which holds the same bytes.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(building, dir);
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  const made = found(dir, true);
  if (!made) throw new Error(`the large profile in ${dir} could not be read back`);
  return made;
}

/** Copies the profile's databases into a data folder of its own (made if needed). */
export function copyProfile(profile: LargeProfile, dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const file of [CACHE_FILE, LIBRARY_FILE])
    fs.copyFileSync(path.join(profile.dir, file), path.join(dataDir, file));
}

/** `tsx bench/large-profile.ts [dir]`: generates the profile (into `dir`, fresh, when given). */
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const target = process.argv[2];
  const run = async (): Promise<unknown> => {
    if (!target) return (await largeProfile()).manifest;
    fs.mkdirSync(target, { recursive: true });
    return generateProfile(target);
  };
  run().then(
    (manifest) => {
      console.log(JSON.stringify(manifest, null, 2));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
