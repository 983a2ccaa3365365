import type { Catalogue, TitleCore } from './catalogue';
import { episodeOf, networkOf, regularSeasons } from './tv-details';
import type { Language } from './words';

/**
 * Episode groups: every series has a "Production Order" (TMDB type 6); series with three or more
 * seasons also have "Story Arcs" (type 5). A group id is 24 hex characters like TMDB's, and encodes
 * the series index and group number so it can be resolved without an index in memory.
 */
const GROUP_KINDS = [
  { type: 6, name: 'Production Order', description: 'Episodes in the order they were produced.' },
  { type: 5, name: 'Story Arcs', description: 'The series told arc by arc.' },
] as const;

export function groupIdOf(data: Catalogue, core: TitleCore, group: number): string {
  const check = data.rng(2, core.index, 100, group).hex(12);
  return `5e${core.index.toString(16).padStart(8, '0')}${group.toString(16).padStart(2, '0')}${check}`;
}

export function groupCount(data: Catalogue, core: TitleCore): number {
  return regularSeasons(data, core).length >= 3 ? 2 : 1;
}

export function resolveGroup(
  data: Catalogue,
  id: string,
): { core: TitleCore; group: number } | undefined {
  const m = /^5e([0-9a-f]{8})([0-9a-f]{2})([0-9a-f]{12})$/.exec(id);
  if (!m?.[1] || !m[2]) return undefined;
  const core = data.tv[parseInt(m[1], 16)];
  const group = parseInt(m[2], 16);
  if (!core || group >= groupCount(data, core) || groupIdOf(data, core, group) !== id)
    return undefined;
  return { core, group };
}

interface GroupedEpisodes {
  readonly name: string;
  readonly episodes: Record<string, unknown>[];
}

function groupsOf(
  data: Catalogue,
  core: TitleCore,
  group: number,
  language: Language,
): GroupedEpisodes[] {
  // Production order and story arcs leave the specials out, as TMDB's groups usually do.
  const seasons = regularSeasons(data, core);
  const all = seasons.flatMap((s) =>
    s.episodes.map((slot) => episodeOf(data, core, s, slot, language)),
  );
  if (group === 0) {
    return seasons.map((s) => ({
      name: `Block ${s.seasonNumber}`,
      episodes: all.filter((e) => e.season_number === s.seasonNumber),
    }));
  }
  const size = Math.ceil(all.length / 3);
  return ['Beginnings', 'Turning Points', 'Endgame'].map((name, i) => ({
    name,
    episodes: all.slice(i * size, (i + 1) * size),
  }));
}

export function episodeGroupSummaries(data: Catalogue, core: TitleCore): Record<string, unknown>[] {
  return Array.from({ length: groupCount(data, core) }, (_, g) => {
    const kind = GROUP_KINDS[g] ?? GROUP_KINDS[0];
    const groups = groupsOf(data, core, g, 'en');
    return {
      description: kind.description,
      episode_count: groups.reduce((sum, x) => sum + x.episodes.length, 0),
      group_count: groups.length,
      id: groupIdOf(data, core, g),
      name: kind.name,
      network: networkOf(data, core),
      type: kind.type,
    };
  });
}

export function episodeGroupDetails(
  data: Catalogue,
  core: TitleCore,
  group: number,
  language: Language,
): Record<string, unknown> {
  const kind = GROUP_KINDS[group] ?? GROUP_KINDS[0];
  const groups = groupsOf(data, core, group, language);
  return {
    description: kind.description,
    episode_count: groups.reduce((sum, x) => sum + x.episodes.length, 0),
    group_count: groups.length,
    groups: groups.map((g, i) => ({
      id: data.rng(2, core.index, 101, group * 100 + i).hex(24),
      name: g.name,
      order: i + 1,
      episodes: g.episodes.map((e, order) => ({ ...e, order })),
      locked: true,
    })),
    id: groupIdOf(data, core, group),
    name: kind.name,
    network: networkOf(data, core),
    type: kind.type,
  };
}
