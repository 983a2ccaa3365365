import { z } from 'zod';

/**
 * A union of resources told apart by `media_type`. zod's own message for a missing or unknown
 * discriminator ("Invalid discriminator value") does not name the field, so a mismatch report
 * would not say what TMDB got wrong; this one does.
 */
export function byMediaType<
  const Options extends readonly [z.core.$ZodTypeDiscriminable, ...z.core.$ZodTypeDiscriminable[]],
>(options: Options) {
  return z.discriminatedUnion('media_type', options, {
    error: (issue) => {
      const input: unknown = issue.input;
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
      const value = 'media_type' in input ? input.media_type : undefined;
      const expected =
        'options' in issue && Array.isArray(issue.options) ? issue.options.join(', ') : '';
      return value === undefined
        ? `missing required field "media_type" (expected one of: ${expected})`
        : `unknown media_type ${JSON.stringify(value)} (expected one of: ${expected})`;
    },
  });
}
