import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { IMAGE_SIZES, imageSizesByKind, isImageSize, type ImageSize } from './image-sizes';

const repoRoot = new URL('../../', import.meta.url);
const fixturesDir = new URL('../shared/tmdb/fixtures/', repoRoot);

interface FixtureEntry {
  file: string;
  endpoint: string;
  kind: 'response' | 'error';
}

const index = JSON.parse(readFileSync(new URL('index.json', fixturesDir), 'utf8')) as {
  files: FixtureEntry[];
};

/** The `images` part of every recorded GET /3/configuration answer. */
const recorded = index.files
  .filter((f) => f.endpoint === 'GET /3/configuration' && f.kind === 'response')
  .map((f) => {
    const body = JSON.parse(readFileSync(new URL(f.file, fixturesDir), 'utf8')) as {
      images: Record<string, unknown>;
    };
    return body.images;
  });

const kinds = Object.keys(imageSizesByKind) as Array<keyof typeof imageSizesByKind>;

describe('TMDB image sizes', () => {
  it('are, for each kind, every size the recorded TMDB configurations list', () => {
    expect(recorded.length).toBeGreaterThan(0);
    for (const kind of kinds) {
      const seen = new Set(recorded.flatMap((images) => images[`${kind}_sizes`] as string[]));
      expect(new Set(imageSizesByKind[kind]), kind).toEqual(seen);
    }
  });

  it('gathers every kind’s sizes, each once, into IMAGE_SIZES', () => {
    expect(new Set(IMAGE_SIZES).size).toBe(IMAGE_SIZES.length);
    expect(new Set(IMAGE_SIZES)).toEqual(new Set(kinds.flatMap((k) => imageSizesByKind[k])));
    expectTypeOf<(typeof IMAGE_SIZES)[number]>().toEqualTypeOf<ImageSize>();
  });

  it('recognises a TMDB size and nothing else', () => {
    expect(IMAGE_SIZES.every(isImageSize)).toBe(true);
    for (const other of ['w632', 'w9999', 'W500', '', 'original/'])
      expect(isImageSize(other)).toBe(false);
  });
});
