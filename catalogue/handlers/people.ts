import type { Handler, HandlerContext } from '../handler';
import type { PersonCore } from '../data/catalogue';
import { personDetails } from '../data/person-details';
import { personSummary, titleSummary } from '../data/summaries';
import { creditsOfPerson } from '../data/credits';
import { imageFile } from '../data/extras';
import { imagePath } from '../data/image-paths';
import { episodeOf, regularSeasons } from '../data/tv-details';
import { movieSummary } from '../data/summaries';
import { notFound } from '../errors';
import { appendList, intArg, languageOf, pageOf, paginate } from './helpers';

function personOf(ctx: HandlerContext): PersonCore {
  const person = ctx.data.personById(intArg(ctx.params, 'person_id'));
  if (!person) throw notFound();
  return person;
}

function combinedCredits(ctx: HandlerContext, person: PersonCore): Record<string, unknown> {
  const language = languageOf(ctx);
  const credits = creditsOfPerson(ctx.data, person);
  return {
    cast: credits.flatMap((c) =>
      c.cast
        ? [
            {
              ...titleSummary(ctx.data, c.core, language, true),
              character: c.cast.character,
              credit_id: c.cast.creditId,
              order: c.cast.order,
            },
          ]
        : [],
    ),
    crew: credits.flatMap((c) =>
      c.crew
        ? [
            {
              ...titleSummary(ctx.data, c.core, language, true),
              credit_id: c.crew.creditId,
              department: c.crew.department,
              job: c.crew.job,
            },
          ]
        : [],
    ),
  };
}

/** Images a person is tagged in: stills of episodes and posters of films they worked on. */
function taggedImages(ctx: HandlerContext, person: PersonCore): Record<string, unknown>[] {
  const language = languageOf(ctx);
  return creditsOfPerson(ctx.data, person).map((credit, i) => {
    const rng = ctx.data.rng(3, person.index, 200, i);
    const core = credit.core;
    if (core.kind === 'movie') {
      return {
        ...imageFile(imagePath(rng, 'poster'), 'poster', 'en', rng),
        id: rng.hex(24),
        image_type: 'poster',
        media: movieSummary(ctx.data, core, language, true),
        media_type: 'movie',
      };
    }
    // Season 1's first episode: always dated, where a special may not be.
    const shape = regularSeasons(ctx.data, core)[0];
    const slot = shape?.episodes[0];
    const episode = shape && slot ? episodeOf(ctx.data, core, shape, slot, language) : {};
    // TMDB tags a still without language as `xx`.
    return {
      ...imageFile(imagePath(rng, 'still'), 'still', 'xx', rng),
      id: rng.hex(24),
      image_type: 'still',
      media: { ...episode, media_type: 'tv_episode' },
      media_type: 'episode',
    };
  });
}

export const peopleHandlers: Record<string, Handler> = {
  'GET /3/person/{person_id}': (ctx) => {
    const person = personOf(ctx);
    const names = appendList(ctx);
    const out: Record<string, unknown> = personDetails(ctx.data, person);
    if (names.has('combined_credits')) out.combined_credits = combinedCredits(ctx, person);
    if (names.has('images')) {
      const rng = ctx.data.rng(3, person.index, 62);
      out.images = {
        profiles: person.profilePath ? [imageFile(person.profilePath, 'profile', null, rng)] : [],
      };
    }
    if (names.has('external_ids')) out.external_ids = { imdb_id: out.imdb_id ?? null };
    return out;
  },
  'GET /3/person/latest': (ctx) => personDetails(ctx.data, ctx.data.latestPerson),
  'GET /3/person/popular': (ctx) => {
    const language = languageOf(ctx);
    return paginate(ctx.data.popularPeople(), pageOf(ctx), (p) =>
      personSummary(ctx.data, p, language, false),
    );
  },
  'GET /3/person/{person_id}/tagged_images': (ctx) => {
    const person = personOf(ctx);
    return { id: person.id, ...paginate(taggedImages(ctx, person), pageOf(ctx), (x) => x) };
  },
};
