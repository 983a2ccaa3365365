import type { Language } from './words';

/** TMDB's real genre ids, with English, German and French names. */
type GenreRow = readonly [id: number, en: string, de: string, fr: string];

export const movieGenres: readonly GenreRow[] = [
  [28, 'Action', 'Action', 'Action'],
  [12, 'Adventure', 'Abenteuer', 'Aventure'],
  [16, 'Animation', 'Animation', 'Animation'],
  [35, 'Comedy', 'Komödie', 'Comédie'],
  [80, 'Crime', 'Krimi', 'Crime'],
  [99, 'Documentary', 'Dokumentarfilm', 'Documentaire'],
  [18, 'Drama', 'Drama', 'Drame'],
  [10751, 'Family', 'Familie', 'Familial'],
  [14, 'Fantasy', 'Fantasy', 'Fantastique'],
  [36, 'History', 'Historie', 'Histoire'],
  [27, 'Horror', 'Horror', 'Horreur'],
  [10402, 'Music', 'Musik', 'Musique'],
  [9648, 'Mystery', 'Mystery', 'Mystère'],
  [10749, 'Romance', 'Liebesfilm', 'Romance'],
  [878, 'Science Fiction', 'Science Fiction', 'Science-Fiction'],
  [10770, 'TV Movie', 'TV-Film', 'Téléfilm'],
  [53, 'Thriller', 'Thriller', 'Thriller'],
  [10752, 'War', 'Kriegsfilm', 'Guerre'],
  [37, 'Western', 'Western', 'Western'],
];

export const tvGenres: readonly GenreRow[] = [
  [10759, 'Action & Adventure', 'Action & Adventure', 'Action & Adventure'],
  [16, 'Animation', 'Animation', 'Animation'],
  [35, 'Comedy', 'Komödie', 'Comédie'],
  [80, 'Crime', 'Krimi', 'Crime'],
  [99, 'Documentary', 'Dokumentarfilm', 'Documentaire'],
  [18, 'Drama', 'Drama', 'Drame'],
  [10751, 'Family', 'Familie', 'Familial'],
  [10762, 'Kids', 'Kids', 'Enfants'],
  [9648, 'Mystery', 'Mystery', 'Mystère'],
  [10763, 'News', 'News', 'Actualités'],
  [10764, 'Reality', 'Reality', 'Téléréalité'],
  [10765, 'Sci-Fi & Fantasy', 'Sci-Fi & Fantasy', 'Science-Fiction & Fantastique'],
  [10766, 'Soap', 'Soap', 'Feuilleton'],
  [10767, 'Talk', 'Talk', 'Talk'],
  [10768, 'War & Politics', 'War & Politics', 'Guerre & Politique'],
  [37, 'Western', 'Western', 'Western'],
];

export function genreList(
  rows: readonly GenreRow[],
  language: Language,
): { id: number; name: string }[] {
  const column = language === 'de' ? 2 : language === 'fr' ? 3 : 1;
  return rows.map((row) => ({ id: row[0], name: row[column] }));
}

export function genreName(rows: readonly GenreRow[], id: number): string {
  return rows.find((row) => row[0] === id)?.[1] ?? 'Drama';
}
