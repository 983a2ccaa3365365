import { CodedError, type ErrorCode } from '../../../src-shared/ipc/errors';
import type { FilmSnapshot, SeriesSnapshot } from '../snapshots';
import type { Fetched, TrackingSource } from '../source';

type Answer<T> = T | 'gone' | { fail: ErrorCode };

/** A TrackingSource over in-memory answers that records every call. */
export class FakeSource implements TrackingSource {
  readonly calls: string[] = [];
  readonly seriesAnswers = new Map<number, Answer<SeriesSnapshot>>();
  readonly filmAnswers = new Map<number, Answer<FilmSnapshot>>();

  series(id: number, seasons: readonly number[]): Promise<Fetched<SeriesSnapshot>> {
    this.calls.push(`tv/${id}?${seasons.join(',')}`);
    const answer = this.seriesAnswers.get(id) ?? { fail: 'not_found' };
    if (answer === 'gone') return Promise.resolve({ kind: 'gone' });
    if ('fail' in answer)
      return Promise.reject(new CodedError(answer.fail, `${answer.fail} for ${id}`));
    // Like TMDB: only the seasons asked for come with episodes.
    const episodes = new Map([...answer.episodes].filter(([s]) => seasons.includes(s)));
    return Promise.resolve({ kind: 'ok', value: { ...answer, episodes } });
  }

  film(id: number): Promise<Fetched<FilmSnapshot>> {
    this.calls.push(`movie/${id}`);
    const answer = this.filmAnswers.get(id) ?? { fail: 'not_found' };
    if (answer === 'gone') return Promise.resolve({ kind: 'gone' });
    if ('fail' in answer)
      return Promise.reject(new CodedError(answer.fail, `${answer.fail} for ${id}`));
    return Promise.resolve({ kind: 'ok', value: answer });
  }
}
