import { MovieDb } from 'moviedb-promise';
import { TMDB } from 'tmdb-ts';
import { startCatalogue, type Catalogue } from '../e2e/catalogue/server';
import { createTmdbClient } from '../src-main/tmdb/client';
import { median, round, type BenchResult } from './stats';

/** One request of the mix, as each implementation makes it. */
interface Call {
  path: string;
  ours: (client: ReturnType<typeof createTmdbClient>) => Promise<unknown>;
  tmdbTs: (api: TMDB) => Promise<unknown>;
  moviedb: (api: MovieDb) => Promise<unknown>;
}

type Runner = (call: Call) => Promise<unknown>;

const ROUNDS = 5;

/** A fixed mix of 200 GETs: discover pages, film details, top rated series, multi search. */
function requestMix(catalogue: Catalogue): Call[] {
  const calls: Call[] = [];
  for (let page = 1; page <= 50; page++) {
    calls.push({
      path: `/3/discover/movie?page=${page}`,
      ours: (c) => c.request('GET /3/discover/movie', { query: { page } }),
      tmdbTs: (api) => api.discover.movie({ page }),
      moviedb: (api) => api.discoverMovie({ page }),
    });
  }
  for (const movie of catalogue.data.sortedBy('movie', 'popularity').slice(0, 60)) {
    calls.push({
      path: `/3/movie/${movie.id}`,
      ours: (c) => c.request('GET /3/movie/{movie_id}', { params: { movie_id: movie.id } }),
      tmdbTs: (api) => api.movies.details(movie.id),
      moviedb: (api) => api.movieInfo(movie.id),
    });
  }
  for (let page = 1; page <= 40; page++) {
    calls.push({
      path: `/3/tv/top_rated?page=${page}`,
      ours: (c) => c.request('GET /3/tv/top_rated', { query: { page } }),
      tmdbTs: (api) => api.tvShows.topRated({ page }),
      moviedb: (api) => api.tvTopRated({ page }),
    });
  }
  for (const title of catalogue.data.sortedBy('tv', 'popularity').slice(0, 50)) {
    const query = title.title.split(' ')[0] ?? title.title;
    calls.push({
      path: `/3/search/multi?query=${encodeURIComponent(query)}`,
      ours: (c) => c.request('GET /3/search/multi', { query: { query } }),
      tmdbTs: (api) => api.search.multi({ query }),
      moviedb: (api) => api.searchMulti({ query }),
    });
  }
  return calls;
}

async function timeEach(calls: readonly Call[], run: Runner, into: number[]): Promise<void> {
  for (const call of calls) {
    const start = performance.now();
    await run(call);
    into.push(performance.now() - start);
  }
}

/**
 * Marquee's TMDB client against the local catalogue over loopback, next to raw `fetch` +
 * `JSON.parse` (the floor) and two peer libraries, on the same 200 requests. Rounds are
 * interleaved, each implementation in turn, so machine noise falls on all of them alike.
 */
export async function runClientBenchmarks(): Promise<BenchResult[]> {
  const catalogue = await startCatalogue({ titles: 2000 });
  try {
    const base = `${catalogue.apiBase}/3`;
    const headers = { Authorization: `Bearer ${catalogue.accessToken}` };
    // The rate cap (35/s, kept under TMDB's limit) would measure the cap, not the client.
    const ours = createTmdbClient({
      apiBase: catalogue.apiBase,
      credentials: () => ({ accessToken: catalogue.accessToken }),
      ratePerSecond: 100_000,
      maxConcurrency: 64,
    });
    const tmdbTs = new TMDB(catalogue.accessToken, {
      fetch: (input, init) =>
        fetch(
          String(input instanceof Request ? input.url : input).replace(
            'https://api.themoviedb.org/3',
            base,
          ),
          init,
        ),
    });
    const moviedb = new MovieDb(catalogue.accessToken, `${base}/`, 100_000);
    const runners: Record<string, Runner> = {
      raw: async (call) =>
        JSON.parse(
          await (await fetch(`${base}${call.path.slice(2)}`, { headers })).text(),
        ) as unknown,
      marquee: (call) => call.ours(ours),
      'tmdb-ts': (call) => call.tmdbTs(tmdbTs),
      'moviedb-promise': (call) => call.moviedb(moviedb),
    };
    const calls = requestMix(catalogue);
    const names = Object.keys(runners);
    const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const name of names) await timeEach(calls.slice(0, 20), runners[name] as Runner, []); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + r) % names.length] as string;
        await timeEach(calls, runners[name] as Runner, samples[name] as number[]);
      }
    }
    const med = (name: string): number => median(samples[name] ?? []);
    const raw = med('raw');
    const note = `median per request over ${ROUNDS}×${calls.length} loopback GETs; Marquee's rate cap raised for the run, validation on`;
    const results: BenchResult[] = [
      {
        name: 'client: raw fetch + JSON.parse per request',
        unit: 'ms',
        value: round(raw),
        budget: null,
        note,
      },
      {
        name: 'client: Marquee per request, ratio to raw fetch',
        unit: 'ratio',
        value: round(med('marquee') / raw),
        budget: 1.05,
        ratio: round(med('marquee') / raw),
        peer: 'raw fetch',
        note: `${round(med('marquee'))} ms vs ${round(raw)} ms; ${note}`,
      },
    ];
    for (const peer of ['tmdb-ts', 'moviedb-promise']) {
      results.push({
        name: `client: ${peer} per request`,
        unit: 'ms',
        value: round(med(peer)),
        budget: null,
        ratio: round(med('marquee') / med(peer)),
        peer,
        note: `ratio = Marquee / ${peer}; ${note}`,
      });
    }
    results.push(await coalescing(catalogue));
    return results;
  } finally {
    await catalogue.close();
  }
}

/** 50 identical GETs started together: the client sends one. */
async function coalescing(catalogue: Catalogue): Promise<BenchResult> {
  const client = createTmdbClient({
    apiBase: catalogue.apiBase,
    credentials: () => ({ accessToken: catalogue.accessToken }),
  });
  const movie = catalogue.data.sortedBy('movie', 'popularity')[0]?.id ?? 1;
  const path = `/3/movie/${movie}`;
  const before = catalogue.requests.count(path);
  await Promise.all(
    Array.from({ length: 50 }, () =>
      client.request('GET /3/movie/{movie_id}', { params: { movie_id: movie } }),
    ),
  );
  return {
    name: 'client: 50 identical concurrent GETs, requests reaching the server',
    unit: 'requests',
    value: catalogue.requests.count(path) - before,
    budget: 1,
    note: 'counted by the local catalogue',
  };
}
