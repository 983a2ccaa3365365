import { MovieDb } from 'moviedb-promise';
import { TMDB } from 'tmdb-ts';
import { Agent, request as undiciRequest } from 'undici';
import { startCatalogue, type Catalogue } from '../catalogue';
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

const ROUNDS = 10;

/**
 * A fixed mix of 230 GETs, in the proportions of browsing: listings (discover, top rated
 * series), details (films, series) and multi search.
 */
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
  for (const series of catalogue.data.sortedBy('tv', 'popularity').slice(0, 30)) {
    calls.push({
      path: `/3/tv/${series.id}`,
      ours: (c) => c.request('GET /3/tv/{series_id}', { params: { series_id: series.id } }),
      tmdbTs: (api) => api.tvShows.details(series.id),
      moviedb: (api) => api.tvInfo(series.id),
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

/** Times one request per implementation, in the given order; `into[name]` gets its duration. */
async function timeCall(
  call: Call,
  order: readonly string[],
  runners: Readonly<Record<string, Runner>>,
  into: Record<string, number[]>,
): Promise<void> {
  for (const name of order) {
    const run = runners[name] as Runner;
    const start = performance.now();
    await run(call);
    into[name]?.push(performance.now() - start);
  }
}

/** `order` turned left by `by`: each implementation goes first as often as the others. */
function rotate<T>(order: readonly T[], by: number): T[] {
  const k = by % order.length;
  return [...order.slice(k), ...order.slice(0, k)];
}

/**
 * Durations by request of the mix, then by round. The mix's time per request is the mean over
 * requests of each request's median: every request counts once, as in use, and a stall in one
 * round does not move it. (A median over the pooled samples would jump between the clusters
 * that fast details and slow searches make.)
 */
class Samples {
  readonly #byCall: number[][];

  constructor(calls: number) {
    this.#byCall = Array.from({ length: calls }, () => []);
  }

  add(call: number, ms: number): void {
    this.#byCall[call]?.push(ms);
  }

  perRequestMs(): number {
    const medians = this.#byCall.map((rounds) => median(rounds));
    return medians.reduce((sum, ms) => sum + ms, 0) / Math.max(1, medians.length);
  }

  /** Median of `this − other` over the same request in the same round, made back to back. */
  pairedOverMs(other: Samples): number {
    const differences = this.#byCall.flatMap((rounds, call) =>
      rounds.map((ms, round) => ms - (other.#byCall[call]?.[round] ?? Number.NaN)),
    );
    return median(differences);
  }
}

/**
 * Marquee's TMDB client against the local catalogue over loopback, next to raw `fetch` +
 * `JSON.parse` (the floor) and two peer libraries, on the same requests. Every request is made
 * by each implementation back to back, in an order that rotates, so a burst of load from the
 * rest of the machine falls on all of them alike; a full untimed pass warms up every path
 * (JIT, sockets, compiled schemas) first.
 */
export async function runClientBenchmarks(): Promise<BenchResult[]> {
  const catalogue = await startCatalogue({ titles: 2000, messy: false });
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
    const pool = new Agent({ keepAliveTimeout: 10_000 });
    const runners: Record<string, Runner> = {
      raw: async (call) =>
        JSON.parse(
          await (await fetch(`${base}${call.path.slice(2)}`, { headers })).text(),
        ) as unknown,
      // The same code as `raw`, timed as another implementation: its paired "overhead" shows
      // how far the measure itself strays on this machine in this run (ideally 0).
      control: async (call) =>
        JSON.parse(
          await (await fetch(`${base}${call.path.slice(2)}`, { headers })).text(),
        ) as unknown,
      // The transport Marquee sends through (transport.ts), bare: what the client adds on top of it.
      'raw undici': async (call) =>
        JSON.parse(
          await (
            await undiciRequest(`${base}${call.path.slice(2)}`, { headers, dispatcher: pool })
          ).body.text(),
        ) as unknown,
      marquee: (call) => call.ours(ours),
      'tmdb-ts': (call) => call.tmdbTs(tmdbTs),
      'moviedb-promise': (call) => call.moviedb(moviedb),
    };
    const calls = requestMix(catalogue);
    const names = Object.keys(runners);
    const samples = Object.fromEntries(names.map((n) => [n, new Samples(calls.length)]));
    const scratch: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (let w = 0; w < Number(process.env.WARM ?? 1); w++)
      for (const call of calls) await timeCall(call, names, runners, scratch); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, call] of calls.entries()) {
        const round: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
        await timeCall(call, rotate(names, r + i), runners, round);
        for (const name of names) samples[name]?.add(i, round[name]?.[0] ?? Number.NaN);
      }
    }
    const ms = (name: string): number => samples[name]?.perRequestMs() ?? Number.NaN;
    const raw = ms('raw');
    const marquee = ms('marquee');
    /** µs a client adds to the same request made back to back with raw fetch, in this run. */
    const overUs = (name: string): number =>
      (samples[name]?.pairedOverMs(samples.raw as Samples) ?? Number.NaN) * 1000;
    const note = `${ROUNDS} rounds of ${calls.length} loopback GETs, each request's median; Marquee's rate cap raised for the run, validation on`;
    const results: BenchResult[] = [
      {
        name: 'client: raw fetch + JSON.parse per request',
        unit: 'ms',
        value: round(raw),
        budget: null,
        note,
      },
      {
        // For information: the loopback round trip and the catalogue's own work are most of
        // either side, so the ratio moves with them; the paired overhead below is the budget.
        name: 'client: Marquee per request, ratio to raw fetch',
        unit: 'ratio',
        value: round(marquee / raw),
        budget: null,
        ratio: round(marquee / raw),
        peer: 'raw fetch',
        note: `${round(marquee)} ms vs ${round(raw)} ms; ${note}`,
      },
      {
        name: 'client: Marquee overhead per request over raw fetch, paired',
        unit: 'µs',
        value: round(overUs('marquee'), 1),
        budget: 40,
        note: `median difference of the same request made back to back; ${note}`,
      },
    ];
    results.push({
      name: 'client: Marquee overhead over its own transport (raw undici request), paired',
      unit: 'µs',
      value: round(
        (samples.marquee?.pairedOverMs(samples['raw undici'] as Samples) ?? Number.NaN) * 1000,
        1,
      ),
      budget: null,
      peer: 'raw undici request',
      note: `building, limiting, timing out and validating, over undici's request + JSON.parse; ${note}`,
    });
    results.push({
      name: 'client: raw undici request over raw fetch, paired',
      unit: 'µs',
      value: round(overUs('raw undici'), 1),
      budget: null,
      peer: 'raw fetch',
      note: `what the transport alone saves or costs against fetch; ${note}`,
    });
    results.push({
      name: 'client: control (raw fetch again) over raw fetch, paired',
      unit: 'µs',
      value: round(overUs('control'), 1),
      budget: null,
      peer: 'raw fetch',
      note: `the measure's own error in this run: raw fetch timed as a second implementation; ${note}`,
    });
    for (const peer of ['tmdb-ts', 'moviedb-promise']) {
      results.push({
        name: `client: ${peer} per request`,
        unit: 'ms',
        value: round(ms(peer)),
        budget: null,
        ratio: round(marquee / ms(peer)),
        peer,
        note: `ratio = Marquee / ${peer}; ${note}`,
      });
      results.push({
        name: `client: ${peer} overhead per request over raw fetch, paired`,
        unit: 'µs',
        value: round(overUs(peer), 1),
        budget: null,
        peer,
        note: `the same measure as Marquee's, in the same run; ${note}`,
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
