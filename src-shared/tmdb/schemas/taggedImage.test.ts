import { describe, expect, it } from 'vitest';
import { taggedImage } from './taggedImage';

const image = {
  aspect_ratio: 1.778,
  file_path: '/still.jpg',
  height: 720,
  width: 1280,
  id: '5a1b2c3d4e5f6a7b8c9d0e1f',
  image_type: 'still',
  iso_639_1: null,
  vote_average: 0,
  vote_count: 0,
};

const episode = {
  air_date: '2011-04-17',
  episode_number: 1,
  id: 63056,
  media_type: 'tv_episode',
  name: 'Winter Is Coming',
  overview: '',
  production_code: '',
  runtime: 62,
  season_number: 1,
  show_id: 1399,
  still_path: null,
  vote_average: 7.8,
  vote_count: 300,
};

describe('taggedImage', () => {
  it('reads an episode still by the image media_type', () => {
    const parsed = taggedImage.parse({ ...image, media_type: 'episode', media: episode });
    expect(parsed.media_type === 'episode' && parsed.media.show_id).toBe(1399);
  });

  it('rejects an episode image whose media is not an episode', () => {
    const result = taggedImage.safeParse({ ...image, media_type: 'episode', media: { id: 1 } });
    expect(result.success).toBe(false);
  });

  it('names media_type when the image does not say what it shows', () => {
    const result = taggedImage.safeParse({ ...image, media: episode });
    expect(result.error?.issues[0]?.message).toContain('media_type');
  });
});
