import { describe, expect, it } from 'vitest';
import { imageSrc, isImagePath } from './images';

describe('imageSrc', () => {
  it('builds the app’s cached image address from a size and TMDB file path', () => {
    expect(imageSrc('/abc.jpg', 'w342')).toBe('img/w342/abc.jpg');
    expect(imageSrc('/logo.png', 'w92', 'img/')).toBe('img/w92/logo.png');
  });

  it('gives null for a missing path, so the placeholder shows', () => {
    expect(imageSrc(null, 'w342')).toBeNull();
    expect(imageSrc(undefined, 'w342')).toBeNull();
    expect(imageSrc('', 'w342')).toBeNull();
  });

  it('refuses paths that could leave the image route', () => {
    expect(isImagePath('/../../secret.jpg')).toBe(false);
    expect(isImagePath('/a/b.jpg')).toBe(false);
    expect(isImagePath('/a.jpg?api_key=1')).toBe(false);
    expect(isImagePath('https://example.com/a.jpg')).toBe(false);
  });
});
