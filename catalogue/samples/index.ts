import type { Catalogue } from '../data/catalogue';
import { imdbSample } from './imdb';
import { letterboxdSample } from './letterboxd';
import { pickSampleTitles } from './picks';
import { simklSample } from './simkl';
import { traktSample } from './trakt';
import { tvTimeSample } from './tvtime';

/** A sample export offered in demo mode, so importing can be tried without an account elsewhere. */
export interface SampleExport {
  readonly id: string;
  readonly label: string;
  readonly format: 'letterboxd' | 'imdb' | 'trakt' | 'tvtime' | 'simkl';
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/**
 * The demo catalogue's sample exports, generated from its own titles (the same catalogue and
 * start day always give the same bytes): a Letterboxd zip, an IMDb ratings CSV, a Trakt zip, a
 * TV Time GDPR export zip and a Simkl backup zip.
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
    {
      id: 'tvtime-demo',
      label: 'TV Time GDPR export (sample)',
      format: 'tvtime',
      fileName: 'tv-time-personal-data.zip',
      bytes: tvTimeSample(picks),
    },
    {
      id: 'simkl-demo',
      label: 'Simkl backup (sample)',
      format: 'simkl',
      fileName: 'simkl-backup.zip',
      bytes: simklSample(picks),
    },
  ];
}
