import type { Catalogue, TitleCore } from './catalogue';
import { imagePath, IMAGE_KINDS, type ImageKind } from './image-paths';
import { providerMaskNow } from './provider-clock';
import { providers } from './providers';
import { renderTitle } from './titles';
import { overviewOf } from './summaries';
import type { Language } from './words';
import { Rng } from './prng';

/** Languages a title is translated into, with TMDB's usual country for each. */
export const TRANSLATION_LANGUAGES: readonly {
  iso_639_1: Language;
  iso_3166_1: string;
  name: string;
  english_name: string;
}[] = [
  { iso_639_1: 'en', iso_3166_1: 'US', name: 'English', english_name: 'English' },
  { iso_639_1: 'de', iso_3166_1: 'DE', name: 'Deutsch', english_name: 'German' },
  { iso_639_1: 'fr', iso_3166_1: 'FR', name: 'Français', english_name: 'French' },
  { iso_639_1: 'es', iso_3166_1: 'ES', name: 'Español', english_name: 'Spanish' },
];

export function titleTranslations(data: Catalogue, core: TitleCore): Record<string, unknown>[] {
  return TRANSLATION_LANGUAGES.map((lang) => {
    const title = data.localTitle(core, lang.iso_639_1);
    const text =
      core.kind === 'movie'
        ? {
            title,
            overview: overviewOf(data, core, lang.iso_639_1),
            homepage: '',
            tagline: '',
            runtime: 0,
          }
        : {
            name: title,
            overview: overviewOf(data, core, lang.iso_639_1),
            homepage: '',
            tagline: '',
          };
    return {
      iso_3166_1: lang.iso_3166_1,
      iso_639_1: lang.iso_639_1,
      name: lang.name,
      english_name: lang.english_name,
      data: text,
    };
  });
}

export function imageFile(
  path: string,
  kind: ImageKind,
  language: string | null,
  rng: Rng,
): Record<string, unknown> {
  const { aspect, original } = IMAGE_KINDS[kind];
  const width = original;
  const height = Math.round(original / aspect);
  return {
    aspect_ratio: Math.round(aspect * 1000) / 1000,
    file_path: path,
    height,
    iso_639_1: language,
    vote_average: Math.round(rng.float() * 10 * 1000) / 1000,
    vote_count: rng.int(0, 40),
    width,
  };
}

export function titleImages(data: Catalogue, core: TitleCore): Record<string, unknown> {
  const rng = data.rng(core.kind === 'movie' ? 1 : 2, core.index, 41);
  const extraPosters = Array.from({ length: rng.int(1, 3) }, () => imagePath(rng, 'poster'));
  const extraBackdrops = Array.from({ length: rng.int(1, 3) }, () => imagePath(rng, 'backdrop'));
  return {
    backdrops: [core.backdropPath, ...extraBackdrops].map((p, i) =>
      imageFile(p, 'backdrop', i === 0 ? null : 'en', rng),
    ),
    logos: [imageFile(imagePath(rng, 'logo'), 'logo', 'en', rng)],
    posters: [core.posterPath, ...extraPosters].map((p, i) =>
      imageFile(p, 'poster', i === 0 ? 'en' : rng.pick(['en', 'de', 'fr']), rng),
    ),
  };
}

export function titleVideos(data: Catalogue, core: TitleCore): Record<string, unknown>[] {
  const rng = data.rng(core.kind === 'movie' ? 1 : 2, core.index, 42);
  const name = renderTitle(core.words, 'en') + core.suffix;
  const types = ['Trailer', 'Teaser', 'Featurette', 'Clip'];
  return Array.from({ length: rng.int(1, 3) }, (_, i) => ({
    id: rng.hex(24),
    iso_639_1: 'en',
    iso_3166_1: 'US',
    key: rng.hex(11),
    name: i === 0 ? `${name} | Official Trailer` : `${name} | ${types[i] ?? 'Clip'}`,
    official: true,
    published_at: `${core.date}T16:00:00.000Z`,
    site: 'YouTube',
    size: 1080,
    type: types[i] ?? 'Clip',
  }));
}

/** Where a title streams, rents and sells, by region. */
export function titleWatchProviders(
  data: Catalogue,
  core: TitleCore,
): Record<string, Record<string, unknown>> {
  const results: Record<string, Record<string, unknown>> = {};
  const kind = core.kind === 'movie' ? 'movie' : 'tv';
  for (const region of ['US', 'GB', 'DE', 'FR', 'ES', 'IT', 'JP', 'BR', 'CA', 'AU', 'NL', 'KR']) {
    const mask = providerMaskNow(data, core);
    const listed = providers.filter(
      (p, i) => (mask & (1 << i)) !== 0 && p.regions.includes(region),
    );
    if (listed.length === 0) continue;
    const row = (p: (typeof providers)[number]): Record<string, unknown> => ({
      logo_path: p.logo_path,
      provider_id: p.provider_id,
      provider_name: p.provider_name,
      display_priority: p.display_priority,
    });
    const flatrate = listed.filter((p) => p.offers === 'flatrate').map(row);
    const paid = listed.filter((p) => p.offers === 'rent_buy').map(row);
    results[region] = {
      link: `${data.imageBase.replace(/\/t\/p$/, '')}/${kind}/${core.id}/watch?locale=${region}`,
      ...(flatrate.length ? { flatrate } : {}),
      ...(paid.length ? { rent: paid, buy: paid } : {}),
    };
  }
  return results;
}

/** True when the title is offered by any of `providerIds` in `region`, on the clock's day. */
export function offeredBy(
  data: Pick<Catalogue, 'clock' | 'anchorDay'>,
  core: TitleCore,
  providerIds: readonly number[],
  region: string | undefined,
): boolean {
  const mask = providerMaskNow(data, core);
  return providers.some(
    (p, i) =>
      (mask & (1 << i)) !== 0 &&
      providerIds.includes(p.provider_id) &&
      (region === undefined || p.regions.includes(region)),
  );
}
