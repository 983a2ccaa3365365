import type { Catalogue } from '../data/catalogue';
import { imdbSample } from './imdb';
import { letterboxdSample } from './letterboxd';
import { pickSampleTitles } from './picks';
import { traktSample } from './trakt';

/** A sample export offered in demo mode, so importing can be tried without an account elsewhere. */
export interface SampleExport {
  readonly id: string;
  readonly label: string;
  readonly format: 'letterboxd' | 'imdb' | 'trakt';
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/**
 * The demo catalogue's sample exports, generated from its own titles (the same catalogue and
 * start day always give the same bytes): a Letterboxd zip, an IMDb ratings CSV and a Trakt zip.
 * Most rows name titles the catalogue serves; a few are deliberately ambiguous (two films share
 * a name, a year is off by one) or unmatched (titles that exist nowhere), as real exports are.
 */
export function buildSamples(data: Catalogue): SampleExport[] {
  const picks = pickSampleTitles(data);
  return [
    {
      id: 'letterboxd-demo',
      label: 'Letterboxd export (sample)',
      format: 'letterboxd',
      fileName: 'letterboxd-marquee-demo-export.zip',
      bytes: letterboxdSample(picks),
    },
    {
      id: 'imdb-demo',
      label: 'IMDb ratings (sample)',
      format: 'imdb',
      fileName: 'imdb-ratings.csv',
      bytes: imdbSample(picks),
    },
    {
      id: 'trakt-demo',
      label: 'Trakt export (sample)',
      format: 'trakt',
      fileName: 'trakt-marquee-demo-export.zip',
      bytes: traktSample(picks),
    },
  ];
}
