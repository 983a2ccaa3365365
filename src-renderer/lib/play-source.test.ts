import { describe, expect, it } from 'vitest';
import { episodeCode, sourceLabel } from './play-source';

describe('where a play came from', () => {
  it('says nothing for Marquee and names every other source', () => {
    expect(sourceLabel('marquee')).toBeNull();
    expect(
      (['letterboxd', 'trakt', 'imdb', 'backup', 'jellyfin', 'plex', 'kodi', 'emby'] as const).map(
        sourceLabel,
      ),
    ).toEqual(['Letterboxd', 'Trakt', 'IMDb', 'Backup', 'Jellyfin', 'Plex', 'Kodi', 'Emby']);
  });

  it('writes an episode code with two digits at least', () => {
    expect(episodeCode(1, 2)).toBe('S01E02');
    expect(episodeCode(12, 104)).toBe('S12E104');
    expect(episodeCode(null, 2)).toBeNull();
  });
});
