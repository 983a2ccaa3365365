import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ImportKind, MatchCandidate } from '../../src-shared/ipc/contract/import';
import { CodedError } from '../../src-shared/ipc/errors';
import { createLocalSearch } from '../cache/store/search';
import { createTitleNames } from '../cache/store/title-names';
import { createLocalTitles } from '../cache/store/titles';
import type { RemoteMatch } from '../import/job-context';
import { matchRows } from '../import/job-matching';
import { presenceOver } from '../import/job-presence';
import { createMatcher, type MatchSources } from '../import/match';
import { matchSources } from '../import/match-sources';
import { checkPlayTimes } from '../import/play-times';
import { readImport } from '../import/read/index';
import type { ImportRow, ParsedImport } from '../import/rows';
import { readFailure } from '../import/staging';
import { createImportJobStore } from '../import/store/jobs';
import { libraryOf, trackingOf } from './domains';
import type { JobContext, JobControl } from './registry';

/**
 * A file's import read and matched here: the rows a reader produced stay on this thread, held
 * under a name, until the analysis matches them (the cache's names and search here, TMDB's
 * lookups asked of the main process, which holds the client) and stores them with their job.
 */

/** Rows read here until analysed (as many sources as the main process keeps staged). */
const held = new Map<string, ImportRow[]>();
const MAX_HELD = 8;

export interface ReadInput {
  source: { name: string; bytes: Uint8Array } | { path: string };
  options?: { timeZone: string };
  now: number;
}

/** Reads a source as the main process would; its rows stay here, the rest goes back. */
export async function readImportJob(_context: JobContext, input: ReadInput): Promise<ParsedImport> {
  const { source } = input;
  let parsed: ParsedImport;
  try {
    parsed = checkPlayTimes(await readImport(source, input.options), input.now);
  } catch (error) {
    throw readFailure('name' in source ? source.name : path.basename(source.path), error);
  }
  const token = randomUUID();
  held.set(token, parsed.rows);
  while (held.size > MAX_HELD) held.delete(held.keys().next().value ?? token);
  return { ...parsed, rows: [], rowsHeld: { token, count: parsed.rows.length } };
}

/** A lookup of the matcher that only the main process can make. */
export interface RemoteQuestion {
  method: keyof RemoteMatch;
  args: unknown[];
}

const REMOTE_METHODS: ReadonlySet<string> = new Set(['search', 'findImdb', 'findTvdb']);

/** Answers a worker's lookup with the main process's own sources. */
export function answerRemote(remote: RemoteMatch, question: unknown): Promise<MatchCandidate[]> {
  const q = question as Partial<RemoteQuestion> | null;
  if (typeof q?.method !== 'string' || !REMOTE_METHODS.has(q.method) || !Array.isArray(q.args))
    return Promise.reject(new CodedError('internal', 'There is no such lookup.'));
  const call = remote[q.method] as (...args: unknown[]) => Promise<MatchCandidate[]>;
  return call(...q.args);
}

/** The matcher's sources here: the cache on this thread's connection, TMDB through `ask`. */
function sourcesHere(context: JobContext, control: JobControl): MatchSources {
  const ask =
    (method: keyof RemoteMatch) =>
    (...args: unknown[]): Promise<MatchCandidate[]> =>
      control.ask({ method, args } satisfies RemoteQuestion) as Promise<MatchCandidate[]>;
  const local = matchSources({
    read: () => Promise.reject(new CodedError('internal', 'TMDB is asked of the main process.')),
    localSearch: createLocalSearch(context.cache),
    titles: createLocalTitles(context.cache),
    titleNames: createTitleNames(context.cache),
  });
  return { ...local, search: ask('search'), findImdb: ask('findImdb'), findTvdb: ask('findTvdb') };
}

export interface AnalyseInput {
  jobId: string;
  held: string;
  /** The job's format (what its plays' uids are made of), and the moment the preview is for. */
  format: string;
  now: number;
  timeZone: string;
}

export interface Analysed {
  rows: number;
  /** Matched rows already in the library, per kind, as the preview counts them (null: not read). */
  present: Map<ImportKind, number> | null;
}

/**
 * Matches the rows held as `held` and stores them with job `jobId` in one transaction, checking
 * for a cancel between rows (cancelled, nothing is stored); then counts the matched rows whose
 * effect the library already holds, which the preview shows.
 */
export async function analyseImportJob(
  context: JobContext,
  input: AnalyseInput,
  control: JobControl,
): Promise<Analysed> {
  const rows = held.get(input.held);
  if (rows === undefined)
    throw new CodedError('not_found', 'This file is no longer read. Choose it again.');
  let cancelled = false;
  const matched = await matchRows(rows, createMatcher(sourcesHere(context, control)), {
    stopped: () => {
      try {
        control.checkpoint();
      } catch {
        cancelled = true;
      }
      return cancelled;
    },
    progress: (done, total) => {
      control.progress(done, total);
    },
  });
  control.checkpoint();
  if (matched === null) return { rows: 0, present: null };
  const store = createImportJobStore(context.library);
  control.write(() => {
    store.insertRows(input.jobId, matched);
  });
  held.delete(input.held);
  let present: Map<ImportKind, number> | null = null;
  try {
    const sources = {
      tracking: trackingOf(context, { ...input, region: '' }),
      library: libraryOf(context, input.now),
    };
    present = presenceOver(sources, store).counts({ id: input.jobId, format: input.format });
  } catch {
    // Counted where the preview is read instead (which says so in its log).
  }
  return { rows: matched.length, present };
}
