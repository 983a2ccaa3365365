import type { MatchCandidate } from '../../src-shared/ipc/contract';
import { MAX_CANDIDATES, type MatchResult } from './match';
import type { SourceRef } from './rows';

/** One find per TheTVDB id in a job, shared by every row that names it. */
export type TvdbMemo = Map<number, Promise<MatchCandidate[]>>;

const failureText = (error: unknown): string =>
  error instanceof Error && 'code' in error && error.code === 'offline'
    ? 'Marquee could not reach TMDB'
    : 'TMDB did not answer';

function settle(found: MatchCandidate[], what: string): MatchResult | null {
  const seen = new Set<string>();
  const unique = found.filter((c) => {
    const key = `${c.id}:${c.season ?? ''}:${c.episode ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const [only] = unique;
  if (unique.length === 1 && only) return { state: 'matched', chosen: only, note: null };
  if (unique.length > 1)
    return {
      state: 'review',
      candidates: unique.slice(0, MAX_CANDIDATES),
      reason: `Several TMDB titles have ${what}.`,
    };
  return null;
}

/**
 * Matches a row by TheTVDB ids (TV Time's, and Simkl's when it gives no TMDB id). An episode is
 * looked up by its own TVDB id first: TMDB answers with its own season and number, which differ
 * from TheTVDB's for many series (anime above all). The series' TVDB id comes next; the row's own
 * numbers then place the episode. `unmatched` means neither id is known to TMDB; the caller may
 * still try the title.
 */
export async function matchTvdb(
  ref: SourceRef,
  find: (tvdbId: number) => Promise<MatchCandidate[]>,
  memo: TvdbMemo,
): Promise<MatchResult> {
  const lookup = (id: number): Promise<MatchCandidate[]> => {
    let pending = memo.get(id);
    if (!pending) {
      pending = find(id);
      memo.set(id, pending);
    }
    return pending;
  };
  const notes: string[] = [];
  try {
    const episodeId = ref.tvdbEpisodeId;
    if (ref.mediaType === 'episode' && episodeId !== undefined && episodeId > 0) {
      const episodes = (await lookup(episodeId)).filter(
        (c) => c.mediaType === 'tv' && c.episode !== undefined,
      );
      const result = settle(episodes, `the TheTVDB episode id ${episodeId}`);
      if (result) return result;
      notes.push(`TMDB knows no episode with the TheTVDB id ${episodeId}.`);
    }
    const seriesId = ref.tvdbId;
    if (seriesId !== undefined && seriesId > 0) {
      const series = (await lookup(seriesId)).filter(
        (c) => c.mediaType === 'tv' && c.episode === undefined,
      );
      const result = settle(series, `the TheTVDB id ${seriesId}`);
      if (result) return result;
      notes.push(`TMDB knows no series with the TheTVDB id ${seriesId}.`);
    }
  } catch (error) {
    notes.push(`${failureText(error)} for the TheTVDB id.`);
  }
  return { state: 'unmatched', reason: notes.join(' ') || 'The row names no TheTVDB id.' };
}
