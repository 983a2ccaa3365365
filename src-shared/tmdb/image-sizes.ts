/**
 * TMDB's image sizes for each kind of image, as its GET /3/configuration lists them
 * (image-sizes.test.ts holds them to the recorded TMDB answers). An image URL is
 * `secure_base_url` + size + `file_path`. The demo catalogue answers /3/configuration with these,
 * and main's image cache accepts exactly these, so the two cannot disagree.
 */
export const imageSizesByKind = {
  backdrop: ['w300', 'w780', 'w1280', 'original'],
  logo: ['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original'],
  poster: ['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original'],
  profile: ['w45', 'w185', 'h632', 'original'],
  still: ['w92', 'w185', 'w300', 'original'],
} as const;

export type ImageKind = keyof typeof imageSizesByKind;
export type ImageSize = (typeof imageSizesByKind)[ImageKind][number];

/** Every size of any kind, smallest first: what TMDB's image host serves and nothing else. */
export const IMAGE_SIZES = [
  'w45',
  'w92',
  'w154',
  'w185',
  'w300',
  'w342',
  'w500',
  'w780',
  'w1280',
  'h632',
  'original',
] as const satisfies readonly ImageSize[];

export function isImageSize(value: string): value is ImageSize {
  return (IMAGE_SIZES as readonly string[]).includes(value);
}
