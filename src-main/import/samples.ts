import type { ImportSampleSource } from './service-types';

/** A sample export as the demo catalogue makes it (the core never imports the catalogue). */
export interface SampleFile {
  readonly id: string;
  readonly label: string;
  readonly format: 'letterboxd' | 'imdb' | 'trakt' | 'tvtime' | 'simkl';
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** The demo catalogue's samples as the import domain reads them (generated on first use). */
export function sampleSource(samples: () => readonly SampleFile[]): ImportSampleSource {
  return {
    list: () =>
      samples().map(({ id, label, format, fileName }) => ({ id, label, format, fileName })),
    bytes(id) {
      const found = samples().find((s) => s.id === id);
      return found ? { name: found.fileName, bytes: found.bytes } : null;
    },
  };
}
