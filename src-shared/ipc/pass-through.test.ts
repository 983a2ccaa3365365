import { describe, expect, expectTypeOf, it } from 'vitest';
import { channelNames } from './channels';
import { contract, type ChannelInput, type ChannelOutput, type Provenance } from './contract';
import { passThrough, passThroughChannels } from './pass-through';
import type { EndpointResponse } from '../tmdb/endpoints';

describe('the pass-through channels', () => {
  it('are in the channel list and the contract, once each', () => {
    for (const channel of passThroughChannels) {
      expect(channelNames.filter((name) => name === channel)).toHaveLength(1);
      expect(contract[channel].input).toBeDefined();
    }
    expect(passThroughChannels).toEqual(Object.keys(passThrough));
  });

  it('answer their endpoint’s response with its provenance', () => {
    expectTypeOf<ChannelOutput<'movie.details'>>().toEqualTypeOf<{
      data: EndpointResponse<'GET /3/movie/{movie_id}'>;
      meta: Provenance;
    }>();
    expectTypeOf<ChannelOutput<'tv.episodeGroup'>['data']>().toEqualTypeOf<
      EndpointResponse<'GET /3/tv/episode_group/{group_id}'>
    >();
  });

  it('take their listed fields, with page defaulted and no input where none is listed', () => {
    expectTypeOf<ChannelInput<'tv.similar'>>().toEqualTypeOf<{ id: number; page?: number }>();
    expectTypeOf<ChannelInput<'tv.season'>>().toEqualTypeOf<{
      seriesId: number;
      season: number;
    }>();
    expectTypeOf<ChannelInput<'browse.trendingTv'>>().toEqualTypeOf<{
      window: 'day' | 'week';
      page?: number;
    }>();
    expectTypeOf<ChannelInput<'browse.latestPerson'>>().toEqualTypeOf<
      undefined | null | Record<string, never>
    >();
    expect(contract['tv.similar'].input.parse({ id: 3 })).toEqual({ id: 3, page: 1 });
    expect(
      contract['search.collections'].input.safeParse({ query: ' ' }).error?.issues[0],
    ).toMatchObject({
      path: ['query'],
      message: 'type something to search',
    });
    expect(contract['browse.latestPerson'].input.safeParse({ page: 1 }).success).toBe(false);
  });
});
