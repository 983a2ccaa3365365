import { z } from 'zod';
import type { Domain } from './domain';
import { id } from './models';

const seasonNumber = z.number().int().min(0).max(10_000);
const episodeNumber = z.number().int().min(0).max(999_999);

/** A title that has plays, as the library knows it (offline included). */
export const playTitle = z.object({
  mediaType: z.enum(['movie', 'tv']),
  id,
  /** null when the library holds no name for it. */
  title: z.string().nullable(),
  posterPath: z.string().nullable(),
  /** TMDB answered 404: the plays stay, shown as removed from TMDB. */
  gone: z.boolean(),
});
export type PlayTitleView = z.infer<typeof playTitle>;

/** An episode's name and still, once its season is kept. */
export const playEpisode = z.object({
  seriesId: id,
  season: seasonNumber,
  episode: episodeNumber,
  name: z.string().nullable(),
  stillPath: z.string().nullable(),
});
export type PlayEpisodeView = z.infer<typeof playEpisode>;

/** The History view: the names and posters of a page of plays, read once per page. */
export const historyChannels = {
  'history.titles': {
    input: z.object({
      movieIds: z.array(id).max(1000),
      seriesIds: z.array(id).max(1000),
      episodes: z
        .array(z.object({ seriesId: id, season: seasonNumber, episode: episodeNumber }))
        .max(1000),
    }),
    output: z.object({ titles: z.array(playTitle), episodes: z.array(playEpisode) }),
  },
} as const;

export type HistoryChannel = keyof typeof historyChannels;

export const historyDomain = {
  channels: historyChannels,
  events: {},
} satisfies Domain;
