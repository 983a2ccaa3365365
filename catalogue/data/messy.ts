import { mix } from './prng';

/**
 * Messy data, as real TMDB has it (option `messy`: on by default in `startCatalogue`, so the demo
 * shows it; `messy: false` gives the clean catalogue). Each item's kind comes from its own hash, so
 * the same seed always makes the same items messy; about 5% of titles and 0.5% of people are. Kinds,
 * and where they show:
 * - vanished: a film or series still listed (popular, trending, search, discover, the demo
 *   account) whose own endpoints (details, season, rating, account states...) answer TMDB's
 *   404 / status_code 34 (movieOf and seriesOf in handlers/helpers.ts, handlers/account.ts).
 * - nullName: `title` (films) or `name` (series) is null in every list result (summaries.ts).
 * - nullOverview: `overview` is null in every list result (summaries.ts).
 * - longOverview: a 10,000-character overview, in lists and details (summaries.ts).
 * - longWord: an overview that is a single 10,000-character word (summaries.ts).
 * - duplicateName: the title has the name of the title just before it (id − 3 for films, id − 2
 *   for series), so a search gives two results with one name (catalogue.ts).
 * - longBiography: a person's 10,000-character biography (person-details.ts).
 * - duplicate job: "ADR Editor" twice under Sound in GET /3/configuration/jobs (jobs.ts).
 * - long description: the demo account's list has a 10,000-character description (demo-picks.ts).
 */
export const MESSY_KINDS = [
  'vanished',
  'nullName',
  'nullOverview',
  'longOverview',
  'longWord',
  'duplicateName',
] as const;
export type MessyKind = (typeof MESSY_KINDS)[number];

/** Share of titles of each kind; they add up to about 5%. */
const RATES: Readonly<Record<MessyKind, number>> = {
  vanished: 0.006,
  nullName: 0.012,
  nullOverview: 0.01,
  longOverview: 0.004,
  longWord: 0.004,
  duplicateName: 0.012,
};
const BIOGRAPHY_RATE = 0.005;
/** From this many items of a kind, every messy kind appears at least once; below, chance decides. */
const GUARANTEE_FROM = 100;
const STREAM = 97;
const MEDIA = { movie: 1, tv: 2, person: 3 } as const;

export const LONG_TEXT_LENGTH = 10_000;

export type MediaKind = 'movie' | 'tv';

export interface MessyIds {
  readonly movie: readonly number[];
  readonly tv: readonly number[];
}

export interface MessyPlan {
  readonly enabled: boolean;
  readonly seed: number;
  readonly counts: { readonly movie: number; readonly tv: number; readonly person: number };
  readonly ids: {
    readonly movie: (index: number) => number;
    readonly tv: (index: number) => number;
    readonly person: (index: number) => number;
  };
  /** Items kept clean whatever their hash says (the designated airing series and upcoming films). */
  readonly keepClean: (kind: MediaKind, index: number) => boolean;
  /** Whether an item may take the name of the one before it (not within a film collection). */
  readonly mayDuplicate: (kind: MediaKind, index: number) => boolean;
}

const unit = (...parts: readonly number[]): number => mix(...parts) / 4294967296;

function choose(plan: MessyPlan, kind: MediaKind): Uint8Array {
  const count = plan.counts[kind];
  const out = new Uint8Array(count);
  const free = (i: number): boolean => !plan.keepClean(kind, i) && out[i] === 0;
  // A duplicate copies a clean predecessor, and nothing marks a predecessor once it is copied.
  const copied = (i: number): boolean => out[i + 1] === MESSY_KINDS.indexOf('duplicateName') + 1;
  const fits = (i: number, k: MessyKind): boolean =>
    k === 'duplicateName'
      ? i > 0 && out[i - 1] === 0 && !copied(i - 1) && plan.mayDuplicate(kind, i)
      : !copied(i);
  for (let i = 0; i < count; i += 1) {
    if (plan.keepClean(kind, i)) continue;
    const u = unit(plan.seed, MEDIA[kind], i, STREAM);
    let edge = 0;
    for (const [k, name] of MESSY_KINDS.entries()) {
      edge += RATES[name];
      if (u < edge) {
        if (fits(i, name)) out[i] = k + 1;
        break;
      }
    }
  }
  if (count < GUARANTEE_FROM) return out;
  for (const [k, name] of MESSY_KINDS.entries()) {
    if (out.includes(k + 1)) continue;
    const start = mix(plan.seed, MEDIA[kind], STREAM, k) % count;
    for (let step = 0; step < count; step += 1) {
      const i = (start + step) % count;
      if (free(i) && fits(i, name)) {
        out[i] = k + 1;
        break;
      }
    }
  }
  return out;
}

function chooseBiographies(plan: MessyPlan): Set<number> {
  const chosen = new Set<number>();
  // The newest person is bare on purpose (an empty biography); the others may be messy.
  const last = plan.counts.person - 1;
  for (let i = 0; i < last; i += 1)
    if (unit(plan.seed, MEDIA.person, i, STREAM) < BIOGRAPHY_RATE) chosen.add(i);
  if (chosen.size === 0 && last >= GUARANTEE_FROM)
    chosen.add(mix(plan.seed, MEDIA.person, STREAM) % last);
  return chosen;
}

/** Which items are messy, and how. Disabled, it marks nothing. */
export class MessyData {
  readonly enabled: boolean;
  private readonly kinds: Readonly<Record<MediaKind, Uint8Array>>;
  private readonly biographies: ReadonlySet<number>;
  private readonly lists = new Map<MessyKind, MessyIds>();

  constructor(private readonly plan: MessyPlan) {
    this.enabled = plan.enabled;
    this.kinds = plan.enabled
      ? { movie: choose(plan, 'movie'), tv: choose(plan, 'tv') }
      : { movie: new Uint8Array(0), tv: new Uint8Array(0) };
    this.biographies = plan.enabled ? chooseBiographies(plan) : new Set();
  }

  /** The messy kind of a film or series (by index), if any. */
  kindOf(kind: MediaKind, index: number): MessyKind | undefined {
    const k = this.kinds[kind][index] ?? 0;
    return k === 0 ? undefined : MESSY_KINDS[k - 1];
  }

  is(kind: MediaKind, index: number, messy: MessyKind): boolean {
    return this.kindOf(kind, index) === messy;
  }

  hasLongBiography(personIndex: number): boolean {
    return this.biographies.has(personIndex);
  }

  /** Ids of each kind, for tests; see the list at the top of this file. */
  idsOf(messy: MessyKind): MessyIds {
    let ids = this.lists.get(messy);
    if (!ids) {
      const code = MESSY_KINDS.indexOf(messy) + 1;
      const pick = (kind: MediaKind): number[] => {
        const out: number[] = [];
        this.kinds[kind].forEach((k, i) => {
          if (k === code) out.push(this.plan.ids[kind](i));
        });
        return out;
      };
      ids = { movie: pick('movie'), tv: pick('tv') };
      this.lists.set(messy, ids);
    }
    return ids;
  }

  get vanishedIds(): MessyIds {
    return this.idsOf('vanished');
  }

  get nullNameIds(): MessyIds {
    return this.idsOf('nullName');
  }

  get nullOverviewIds(): MessyIds {
    return this.idsOf('nullOverview');
  }

  get longOverviewIds(): MessyIds {
    return this.idsOf('longOverview');
  }

  get longWordIds(): MessyIds {
    return this.idsOf('longWord');
  }

  /** Titles that carry the name of the title before them (the pair: id and id − 3 or − 2). */
  get duplicateNameIds(): MessyIds {
    return this.idsOf('duplicateName');
  }

  get longBiographyPersonIds(): readonly number[] {
    return [...this.biographies].sort((a, b) => a - b).map((i) => this.plan.ids.person(i));
  }

  /** Whether GET /3/configuration/jobs lists "ADR Editor" twice under Sound. */
  get duplicateJob(): boolean {
    return this.enabled;
  }

  /** Whether the demo account's list has a 10,000-character description. */
  get longListDescription(): boolean {
    return this.enabled;
  }
}

/** Exactly 10,000 characters of prose built from `text` repeated. */
export function longText(text: string): string {
  const sentence = text.trim() === '' ? 'Nothing more is known.' : text.trim();
  return `${sentence} `
    .repeat(Math.ceil(LONG_TEXT_LENGTH / (sentence.length + 1)))
    .slice(0, LONG_TEXT_LENGTH);
}

/** One 10,000-character word (letters only, no space or hyphen to break on). */
export function longWord(text: string): string {
  const letters = text.replace(/[^\p{L}]/gu, '') || 'Marquee';
  return letters.repeat(Math.ceil(LONG_TEXT_LENGTH / letters.length)).slice(0, LONG_TEXT_LENGTH);
}
