/**
 * Offline search over 100,000 and 1,000,000 cached titles, with two vocabularies, against a LIKE
 * scan of the same titles.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import { createSearchIndexStore } from '../src-main/cache/store/search-upkeep';
import { createLocalSearch } from '../src-main/cache/store/search';
import { percentile, type BenchResult } from './stats';
import { open, time } from './storage-common';

/**
 * The adversarial vocabulary: 36 words, so every word is in about 8% of titles and a two-word
 * query matches thousands of rows. The realistic one is made of many pseudo-words of Zipf-like
 * frequency, as in real titles, where most words are rare and a few ("the", "of") are everywhere.
 */
export const WORDS = [
  'star',
  'night',
  'river',
  'shadow',
  'dream',
  'house',
  'storm',
  'king',
  'summer',
  'ghost',
  'city',
  'love',
  'war',
  'dark',
  'blood',
  'fire',
  'moon',
  'ocean',
  'last',
  'golden',
  'silent',
  'broken',
  'wild',
  'secret',
  'empire',
  'garden',
  'winter',
  'island',
  'machine',
  'heart',
  'amélie',
  'zoë',
  'crystal',
  'paper',
  'iron',
  'glass',
];

/** A deterministic PRNG so every run measures the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Corpus = 'adversarial' | 'realistic';

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ner',
  'sta',
  'vo',
  'ri',
  'an',
  'tel',
  'dor',
  'ship',
  'ul',
  'ze',
  'gra',
  'pen',
  'is',
];

/** 5,000 pseudo-words; word i is drawn with weight 1/(i+1) (Zipf). */
function realisticWords(): { words: string[]; cumulative: number[] } {
  const words = Array.from({ length: 5000 }, (_, i) => {
    let n = i + 17;
    let w = '';
    while (n > 0) {
      w += SYLLABLES[n % SYLLABLES.length] ?? '';
      n = Math.floor(n / SYLLABLES.length);
    }
    return w;
  });
  let total = 0;
  const cumulative = words.map((_, i) => (total += 1 / (i + 1)));
  return { words, cumulative: cumulative.map((c) => c / total) };
}

function wordPicker(corpus: Corpus, random: () => number): () => string {
  if (corpus === 'adversarial') return () => WORDS[Math.floor(random() * WORDS.length)] ?? 'star';
  const { words, cumulative } = realisticWords();
  return () => {
    const r = random();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 1) < r) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] ?? 'ka';
  };
}

/**
 * Returns the titles' names, for drawing realistic queries from them. With `listed`, each title
 * also has what a listing page shows (a date, a poster, a language and a vote), as after browsing.
 */
export function fillTitles(
  db: Database.Database,
  count: number,
  corpus: Corpus,
  random: () => number,
  listed = false,
): string[] {
  const insert = db.prepare(
    listed
      ? "INSERT INTO titles (kind, id, title, original_title, popularity, detail_level, seen_at, date, poster_path, original_language, vote_average) VALUES (@kind, @id, @name, NULL, @popularity, 1, 0, printf('%04d-%02d-%02d', 1930 + @id % 95, 1 + @id % 12, 1 + @id % 28), '/p' || @id || '.jpg', 'en', (@id % 90) / 10.0)"
      : 'INSERT INTO titles (kind, id, title, original_title, popularity, detail_level, seen_at) VALUES (?, ?, ?, NULL, ?, 1, 0)',
  );
  const word = wordPicker(corpus, random);
  const names: string[] = [];
  const rows = Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    const length = corpus === 'adversarial' ? 3 : 1 + Math.floor(random() * 4);
    const name = `${Array.from({ length }, word).join(' ')} ${i % 997}`;
    names.push(name);
    // TMDB popularity is heavy-tailed: most titles near zero, a few in the hundreds.
    const popularity =
      corpus === 'adversarial' ? random() * 1000 : 0.5 / Math.max(1e-4, random()) ** 1.2;
    return { kind: i % 3 === 0 ? 'tv' : 'movie', id: i, name, popularity };
  });
  // Setup only: rows in popularity order fill the index in rowid order, which is far quicker.
  rows.sort((a, b) => a.popularity - b.popularity);
  db.transaction(() => {
    for (const r of rows)
      if (listed) insert.run(r);
      else insert.run(r.kind, r.id, r.name, r.popularity);
  })();
  return names;
}

function queries(
  corpus: Corpus,
  names: readonly string[],
  random: () => number,
  n: number,
): string[] {
  return Array.from({ length: n }, () => {
    if (corpus === 'adversarial') {
      const a = WORDS[Math.floor(random() * WORDS.length)] ?? 'star';
      const b = WORDS[Math.floor(random() * WORDS.length)] ?? 'night';
      return `${a} ${b.slice(0, 3)}`;
    }
    // What a user types: the start of a title they know, cut while typing.
    const words = (names[Math.floor(random() * names.length)] ?? 'ka').split(' ');
    const take = 1 + Math.floor(random() * Math.min(2, words.length - 1));
    const typed = words.slice(0, take);
    const last = typed.at(-1) ?? '';
    typed[typed.length - 1] = last.slice(
      0,
      Math.max(2, Math.ceil(last.length * (0.4 + random() * 0.6))),
    );
    return typed.join(' ');
  });
}

export async function searchBench(
  dir: string,
  count: number,
  corpus: Corpus,
  budget: number,
  withBaseline: boolean,
): Promise<BenchResult[]> {
  const db = await open(path.join(dir, `search-${corpus}-${count}.db`), 'cache');
  const random = prng(count + (corpus === 'realistic' ? 1 : 0));
  const names = fillTitles(db, count, corpus, random);
  // Writes never merge the index's segments: the idle upkeep does, as it would after this much
  // browsing (src-main/cache/index-upkeep.ts).
  const index = createSearchIndexStore(db);
  while (index.merge(1_000));
  const search = createLocalSearch(db);
  const qs = queries(corpus, names, random, 400);
  let i = 0;
  time(() => search(qs[i++ % qs.length] ?? 'star', { limit: 20 }), 40); // warm-up
  const samples = time(() => search(qs[i++ % qs.length] ?? 'star', { limit: 20 }), qs.length);
  const label = `${count / 1000}k titles, ${corpus} queries`;
  const note =
    corpus === 'adversarial'
      ? 'every word is in ~8% of titles'
      : 'starts of real titles, Zipf vocabulary';
  const p95 = percentile(samples, 95);
  const out: BenchResult[] = [
    {
      name: `offline search p50 (${label})`,
      unit: 'ms',
      value: percentile(samples, 50),
      budget,
      note,
    },
    { name: `offline search p95 (${label})`, unit: 'ms', value: p95, budget, note },
  ];
  if (withBaseline) {
    const like = db.prepare(
      'SELECT kind, id, title FROM titles WHERE title LIKE ? ORDER BY popularity DESC LIMIT 20',
    );
    let j = 0;
    const likeSamples = time(
      () => like.all(`%${(qs[j++ % qs.length] ?? 'star').split(' ')[0] ?? ''}%`),
      40,
    );
    const likeP95 = percentile(likeSamples, 95);
    out.push({
      name: `LIKE scan p95 (${label}, baseline)`,
      unit: 'ms',
      value: likeP95,
      budget: null,
      ratio: likeP95 / Math.max(p95, 1e-6),
      peer: `offline search p95 (${label})`,
      note: 'ratio: how many times slower a LIKE scan is than offline search',
    });
  }
  db.close();
  return out;
}
