import type { Catalogue, PersonCore, TitleCore } from './catalogue';
import { departments } from './jobs';
import { givenNames, characterRoles } from './words';
import type { Rng } from './prng';

/** Credit streams are numbered apart from the title's own stream, so adding a field never shifts credits. */
const CAST_STREAM = 11;
const CREW_STREAM = 12;

export interface CastCredit {
  readonly person: PersonCore;
  readonly character: string;
  readonly order: number;
  readonly creditId: string;
}

export interface CrewCredit {
  readonly person: PersonCore;
  readonly department: string;
  readonly job: string;
  readonly creditId: string;
}

const kindCode = (core: TitleCore): number => (core.kind === 'movie' ? 1 : 2);

function character(rng: Rng): string {
  const role = rng.pick(characterRoles);
  const name = rng.pick(givenNames);
  return role === 'Herself' || role === 'Himself' ? role : `${role} ${name}`;
}

/** Who is in the cast, from its own stream, so the reverse index draws nothing else. */
function castPeople(data: Catalogue, core: TitleCore): PersonCore[] {
  const rng = data.rng(kindCode(core), core.index, CAST_STREAM);
  const count = core.kind === 'movie' ? rng.int(8, 14) : rng.int(6, 10);
  const out: PersonCore[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = data.actorFor(rng);
    if (!out.includes(person)) out.push(person);
  }
  return out;
}

function crewPeople(data: Catalogue, core: TitleCore): PersonCore[] {
  const rng = data.rng(kindCode(core), core.index, CREW_STREAM);
  const count = rng.int(5, 9);
  return Array.from({ length: count }, () => data.crewFor(rng));
}

export function castOf(data: Catalogue, core: TitleCore): CastCredit[] {
  const rng = data.rng(kindCode(core), core.index, CAST_STREAM + 100);
  return castPeople(data, core).map((person, order) => ({
    person,
    character: character(rng),
    order,
    creditId: rng.hex(24),
  }));
}

const DEFAULT_JOBS: Readonly<Record<string, string>> = {
  Directing: 'Director',
  Writing: 'Screenplay',
  Production: 'Producer',
  Camera: 'Director of Photography',
  Editing: 'Editor',
  Sound: 'Original Music Composer',
};
/** Every film has these key roles first; the rest follow each person's own department. */
const KEY_DEPARTMENTS = ['Directing', 'Writing', 'Production'];

export function crewOf(data: Catalogue, core: TitleCore): CrewCredit[] {
  const rng = data.rng(kindCode(core), core.index, CREW_STREAM + 100);
  return crewPeople(data, core).map((person, i) => {
    const department = KEY_DEPARTMENTS[i] ?? person.department;
    const jobs = departments.find((d) => d.department === department)?.jobs ?? ['Producer'];
    const job =
      i < KEY_DEPARTMENTS.length ? (DEFAULT_JOBS[department] ?? rng.pick(jobs)) : rng.pick(jobs);
    return { person, department, job, creditId: rng.hex(24) };
  });
}

export function personFields(person: PersonCore): Record<string, unknown> {
  return {
    adult: false,
    gender: person.gender,
    id: person.id,
    known_for_department: person.department,
    name: person.name,
    original_name: person.name,
    popularity: person.popularity,
    profile_path: person.profilePath,
  };
}

export function castJson(
  credit: CastCredit,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...personFields(credit.person),
    character: credit.character,
    credit_id: credit.creditId,
    order: credit.order,
    ...extra,
  };
}

export function crewJson(credit: CrewCredit): Record<string, unknown> {
  return {
    ...personFields(credit.person),
    credit_id: credit.creditId,
    department: credit.department,
    job: credit.job,
  };
}

export interface PersonCredit {
  readonly core: TitleCore;
  readonly cast: CastCredit | undefined;
  readonly crew: CrewCredit | undefined;
}

/** person index → packed (kind, title index) pairs; built once, on first use, in one pass. */
const reverseIndexes = new WeakMap<Catalogue, Map<number, number[]>>();

function titlesOfPerson(data: Catalogue, person: PersonCore): TitleCore[] {
  let index = reverseIndexes.get(data);
  if (!index) {
    const built = new Map<number, number[]>();
    const add = (key: number, packed: number): void => {
      const list = built.get(key);
      if (list) {
        if (list[list.length - 1] !== packed) list.push(packed);
      } else built.set(key, [packed]);
    };
    for (const core of [...data.movies, ...data.tv]) {
      const packed = core.kind === 'movie' ? core.index * 2 : core.index * 2 + 1;
      for (const p of castPeople(data, core)) add(p.index, packed);
      for (const p of crewPeople(data, core)) add(p.index, packed);
    }
    reverseIndexes.set(data, built);
    index = built;
  }
  return (index.get(person.index) ?? []).flatMap((packed) => {
    const core = packed % 2 === 0 ? data.movies[packed / 2] : data.tv[(packed - 1) / 2];
    return core ? [core] : [];
  });
}

/** A person's credits, each title's cast and crew entries for them. */
export function creditsOfPerson(data: Catalogue, person: PersonCore): PersonCredit[] {
  return titlesOfPerson(data, person).flatMap((core) => {
    const cast = castOf(data, core)
      .filter((c) => c.person === person)
      .map((c): PersonCredit => ({ core, cast: c, crew: undefined }));
    const crew = crewOf(data, core)
      .filter((c) => c.person === person)
      .map((c): PersonCredit => ({ core, cast: undefined, crew: c }));
    return [...cast, ...crew];
  });
}
