import type { Catalogue, TitleCore } from './catalogue';
import { releaseCountries } from './countries';
import { soonOffset } from './demo-picks';

/** Certifications per country, in each country's real rating system. */
const CERTIFICATIONS: Readonly<Record<string, readonly string[]>> = {
  US: ['G', 'PG', 'PG-13', 'R', 'NC-17'],
  GB: ['U', 'PG', '12A', '15', '18'],
  DE: ['0', '6', '12', '16', '18'],
  FR: ['U', '10', '12', '16', '18'],
  ES: ['A', '7', '12', '16', '18'],
  IT: ['T', '6+', '14+', '18+'],
  JP: ['G', 'PG12', 'R15+', 'R18+'],
  BR: ['L', '10', '12', '14', '16', '18'],
  CA: ['G', 'PG', '14A', '18A', 'R'],
  AU: ['G', 'PG', 'M', 'MA15+', 'R18+'],
  NL: ['AL', '6', '9', '12', '16'],
  KR: ['All', '12', '15', '18'],
};

const FESTIVALS = [
  'Toronto International Film Festival',
  'Venice Film Festival',
  'Sundance Film Festival',
  'Berlin International Film Festival',
  'Festival de Cannes',
];
const PHYSICAL_NOTES = ['Blu-ray', 'DVD', '4K Ultra HD', ''];

function shiftDate(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000;
  return new Date(ms).toISOString();
}

/**
 * Release dates by country. TMDB's types: 1 premiere, 2 limited theatrical, 3 theatrical,
 * 4 digital, 5 physical, 6 TV. Every country has a theatrical date, most a digital and a physical
 * one; the films released soon after the start have all three everywhere. Dates follow the film's
 * release date, so they move with the catalogue's clock as it does.
 */
export function releaseDatesOf(
  data: Catalogue,
  core: TitleCore,
): { iso_3166_1: string; release_dates: Record<string, unknown>[] }[] {
  const rng = data.rng(1, core.index, 31);
  const home = core.originCountry;
  const countries = [home, ...releaseCountries.filter((c) => c !== home && rng.chance(0.5))];
  const level = rng.float();
  const soon = soonOffset(data.seed, core.index) !== undefined;
  return countries.map((country, i) => {
    const certs = CERTIFICATIONS[country] ?? [''];
    const certification = certs[Math.min(certs.length - 1, Math.floor(level * certs.length))] ?? '';
    const offset = i === 0 ? 0 : rng.int(0, 60);
    const entries: Record<string, unknown>[] = [];
    if (i === 0 && rng.chance(0.4)) {
      entries.push({
        certification: '',
        descriptors: [],
        iso_639_1: '',
        note: rng.pick(FESTIVALS),
        release_date: shiftDate(core.date, -rng.int(20, 120)),
        type: 1,
      });
    }
    if (rng.chance(0.15))
      entries.push({
        certification,
        descriptors: [],
        iso_639_1: '',
        note: '',
        release_date: shiftDate(core.date, offset - 7),
        type: 2,
      });
    entries.push({
      certification,
      descriptors: [],
      iso_639_1: '',
      note: '',
      release_date: shiftDate(core.date, offset),
      type: 3,
    });
    // Drawn whether or not the film is a soon one, so the stream stays the same for the rest.
    const digital = rng.chance(0.85);
    if (digital || soon)
      entries.push({
        certification,
        descriptors: [],
        iso_639_1: '',
        note: '',
        release_date: shiftDate(core.date, offset + rng.int(45, 120)),
        type: 4,
      });
    const physical = rng.chance(0.6);
    if (physical || soon)
      entries.push({
        certification,
        descriptors: [],
        iso_639_1: '',
        note: rng.pick(PHYSICAL_NOTES),
        release_date: shiftDate(core.date, offset + rng.int(90, 200)),
        type: 5,
      });
    if (rng.chance(0.2))
      entries.push({
        certification,
        descriptors: [],
        iso_639_1: '',
        note: 'Television premiere',
        release_date: shiftDate(core.date, offset + rng.int(300, 700)),
        type: 6,
      });
    return { iso_3166_1: country, release_dates: entries };
  });
}

/** Television ratings per country, in each country's real system. */
const TV_RATINGS: Readonly<Record<string, readonly string[]>> = {
  US: ['TV-Y', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'],
  GB: ['U', 'PG', '12', '15', '18'],
  DE: ['0', '6', '12', '16', '18'],
  FR: ['NR', '10', '12', '16', '18'],
  ES: ['TP', '7', '12', '16', '18'],
  IT: ['T', 'VM14', 'VM18'],
  JP: ['G', 'PG12', 'R15+'],
  BR: ['L', '10', '12', '14', '16', '18'],
  CA: ['C', 'G', 'PG', '14+', '18+'],
  AU: ['G', 'PG', 'M', 'MA15+'],
  NL: ['AL', '6', '9', '12', '16'],
  KR: ['ALL', '12', '15', '19'],
};

/**
 * A series' ratings by country (`append_to_response=content_ratings`): its home country first,
 * about half the others, and now and then a country whose rating is empty, as in TMDB's data.
 */
export function contentRatingsOf(
  data: Catalogue,
  core: TitleCore,
): { iso_3166_1: string; rating: string; descriptors: string[] }[] {
  const rng = data.rng(1, core.index, 37);
  const home = core.originCountry;
  const countries = [home, ...releaseCountries.filter((c) => c !== home && rng.chance(0.5))];
  const level = rng.float();
  return countries.map((country) => {
    const ratings = TV_RATINGS[country] ?? [''];
    const rating = ratings[Math.min(ratings.length - 1, Math.floor(level * ratings.length))] ?? '';
    return { iso_3166_1: country, rating: rng.chance(0.08) ? '' : rating, descriptors: [] };
  });
}
