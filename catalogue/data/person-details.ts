import type { Catalogue, PersonCore } from './catalogue';
import { places } from './words';
import { longText } from './messy';

/** GET /3/person/{id}. The newest person is bare, as a just-created TMDB entry is. */
export function personDetails(data: Catalogue, person: PersonCore): Record<string, unknown> {
  const base = {
    adult: false,
    gender: person.gender,
    id: person.id,
    name: person.name,
    popularity: person.popularity,
    profile_path: person.profilePath,
  };
  if (person === data.latestPerson) {
    return {
      ...base,
      also_known_as: [],
      biography: '',
      birthday: null,
      deathday: null,
      homepage: null,
      imdb_id: null,
      known_for_department: null,
      place_of_birth: null,
    };
  }
  const rng = data.rng(3, person.index, 61);
  const year = rng.int(1930, 2005);
  const birthday = `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  const deathday =
    year < 1950 && rng.chance(0.4)
      ? `${rng.int(2000, 2024)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
      : null;
  const place = rng.pick(places);
  const role =
    person.department === 'Acting' ? 'actor' : `${person.department.toLowerCase()} professional`;
  // Drawn in the order of the fields, so each person's details stay what they were.
  const alsoKnownAs = rng.chance(0.3) ? [person.name.normalize('NFD').replace(/\p{M}/gu, '')] : [];
  const biography = `${person.name} is ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} born in ${place}. ${person.name.split(' ')[0] ?? ''} began working in film in ${year + rng.int(18, 30)} and has since worked across features and television.`;
  return {
    ...base,
    also_known_as: alsoKnownAs,
    biography: data.messy.hasLongBiography(person.index) ? longText(biography) : biography,
    birthday,
    deathday,
    homepage: rng.chance(0.2) ? `https://www.example.com/people/${person.id}` : null,
    imdb_id: `nm${String(100_000 + person.index * 13).padStart(7, '0')}`,
    known_for_department: person.department,
    place_of_birth: place,
  };
}
