import type { CalendarEventView } from '../../../src-shared/ipc/contract';
import { detailHref } from '../../lib/routes';

const releaseNames: Record<Extract<CalendarEventView, { kind: 'release' }>['release'], string> = {
  premiere: 'Premiere',
  limited: 'Limited release',
  theatrical: 'Theatrical',
  digital: 'Digital',
  physical: 'Physical',
  tv: 'On TV',
};

/** The event's main line: the series or film. */
export function eventTitle(event: CalendarEventView): string {
  return event.kind === 'episode'
    ? (event.seriesName ?? 'Untitled series')
    : (event.title ?? 'Untitled film');
}

/** The line under it: `S2E5 · Title` or the release type. */
export function eventDetail(event: CalendarEventView): string {
  return event.kind === 'episode'
    ? `S${event.season}E${event.episode} · ${event.name}`
    : `${releaseNames[event.release]}${event.note ? ` · ${event.note}` : ''}`;
}

export function releaseName(event: CalendarEventView): string | null {
  return event.kind === 'release' ? releaseNames[event.release] : null;
}

export function eventHref(event: CalendarEventView): string {
  return event.kind === 'episode'
    ? detailHref({ kind: 'tv', id: event.seriesId })
    : detailHref({ kind: 'movie', id: event.movieId });
}

export function eventKey(event: CalendarEventView): string {
  return event.kind === 'episode'
    ? `e${event.seriesId}:${event.season}:${event.episode}`
    : `r${event.movieId}:${event.releaseType}:${event.region}`;
}

/** The title an event is of, for where it streams: the series of an episode, or the film. */
export function eventRef(event: CalendarEventView): { mediaType: 'movie' | 'tv'; id: number } {
  return event.kind === 'episode'
    ? { mediaType: 'tv', id: event.seriesId }
    : { mediaType: 'movie', id: event.movieId };
}
