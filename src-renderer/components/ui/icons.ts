/** The line icons Icon.svelte draws inline (no icon font, no network), 24×24, in the current colour. */
export type IconName =
  'film' | 'tv' | 'search' | 'list' | 'user' | 'chevron-left' | 'chevron-right' | 'bell';
