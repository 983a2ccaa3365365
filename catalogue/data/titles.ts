import {
  adjectives,
  givenNames,
  nouns,
  overviewTemplates,
  patternWeights,
  places,
  titlePatterns,
  type Language,
  LANGUAGES,
} from './words';
import type { Rng } from './prng';

/** The language-free structure of a generated title, rendered per language on demand. */
export interface TitleWords {
  readonly pattern: number;
  readonly adjective: number;
  readonly noun: number;
  readonly noun2: number;
  readonly place: number;
  readonly name: number;
}

export function drawWords(rng: Rng): TitleWords {
  const total = patternWeights.reduce((a, b) => a + b, 0);
  let roll = rng.float() * total;
  let pattern = 0;
  for (; pattern < patternWeights.length - 1; pattern += 1) {
    roll -= patternWeights[pattern] ?? 0;
    if (roll < 0) break;
  }
  let noun2 = rng.int(0, nouns.length - 1);
  const noun = rng.int(0, nouns.length - 1);
  if (noun2 === noun) noun2 = (noun2 + 1) % nouns.length;
  return {
    pattern,
    adjective: rng.int(0, adjectives.length - 1),
    noun,
    noun2,
    place: rng.int(0, places.length - 1),
    name: rng.int(0, givenNames.length - 1),
  };
}

const column = (language: Language): number => Math.max(0, LANGUAGES.indexOf(language));

export function renderTitle(words: TitleWords, language: Language): string {
  const col = column(language);
  const template = titlePatterns[language][words.pattern] ?? '{N}';
  return template
    .replace('{A}', adjectives[words.adjective]?.[col] ?? '')
    .replace('{N}', nouns[words.noun]?.[col] ?? '')
    .replace('{M}', nouns[words.noun2]?.[col] ?? '')
    .replace('{P}', places[words.place] ?? '')
    .replace('{Q}', givenNames[words.name] ?? '');
}

export function renderOverview(words: TitleWords, language: Language, variant: number): string {
  const col = column(language);
  const templates = overviewTemplates[language];
  const template = templates[variant % templates.length] ?? '';
  return template
    .replace('{a}', (adjectives[words.adjective]?.[col] ?? '').toLowerCase())
    .replace('{n}', (nouns[words.noun]?.[col] ?? '').toLowerCase())
    .replace('{P}', places[words.place] ?? '')
    .replace('{Q}', givenNames[words.name] ?? '');
}

/** Languages with word lists; others (ja, ko, it) fall back to English text. */
export function asLanguage(code: string | undefined): Language {
  const base = (code ?? 'en').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}
