import { vi } from 'vitest';
import type {
  ImportJobView,
  KindCounts,
  StagedSource,
} from '../../../../src-shared/ipc/contract/import';
import { FakeBridge, ok, type FakeReplies } from './fake-bridge';

/** A staged Letterboxd export and its job, as the import state's tests see them. */

export const none: KindCounts = {
  total: 0,
  matched: 0,
  review: 0,
  unmatched: 0,
  skipped: 0,
  waiting: 0,
  alreadyPresent: 0,
};

export const staged: StagedSource = {
  sourceId: 'src-1',
  name: 'letterboxd-export.zip',
  format: 'letterboxd',
  files: ['diary.csv', 'ratings.csv'],
  sizeBytes: 2048,
};

export function jobView(overrides: Partial<ImportJobView> = {}): ImportJobView {
  return {
    jobId: 'job-1',
    format: 'letterboxd',
    sourceName: 'letterboxd-export.zip',
    state: 'ready',
    createdAt: 1,
    updatedAt: 2,
    rows: 12,
    note: null,
    problems: [],
    files: ['diary.csv', 'ratings.csv'],
    counts: {
      watched: { ...none, total: 8, matched: 7, review: 1, alreadyPresent: 2 },
      ratings: { ...none, total: 4, matched: 4 },
      watchlist: none,
      favourites: none,
      lists: none,
      follows: none,
    },
    lists: [],
    ratingConversion: 'Letterboxd ★ 0.5–5 → TMDB 1–10: ×2',
    review: [
      {
        rowId: 5,
        kind: 'watched',
        file: 'diary.csv',
        line: 6,
        label: 'Heat (1995)',
        sourceType: 'movie',
        state: 'review',
        reason: 'Two films share this title and year.',
        candidates: [
          { mediaType: 'movie', id: 949, title: 'Heat', year: 1995, posterPath: null },
          { mediaType: 'movie', id: 950, title: 'Heat', year: 1995, posterPath: null },
        ],
        chosen: null,
      },
    ],
    unmatched: [],
    waiting: [],
    targets: null,
    progress: null,
    result: null,
    restore: null,
    error: null,
    ...overrides,
  };
}

export function bridgeWith(replies: FakeReplies): FakeBridge {
  const bridge = new FakeBridge({
    'import.samples': () =>
      ok({ samples: [{ id: 'lb', label: 'Letterboxd', format: 'letterboxd', fileName: 'a.zip' }] }),
    'import.jobs': () => ok({ jobs: [] }),
    ...replies,
  });
  vi.stubGlobal('window', { api: bridge });
  return bridge;
}

/** `import.open`'s answer: the staged source and the job's first view. */
export const opened = (job: ImportJobView = jobView(), source: StagedSource = staged) =>
  ok({ source, job });
