export const themePreferences = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof themePreferences)[number];
export type ColorScheme = 'light' | 'dark';

const STORAGE_KEY = 'marquee.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isPreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (themePreferences as readonly string[]).includes(value);
}

/**
 * Light or dark: follows the OS unless the user picked one in Settings. The resolved scheme is
 * written to `<html data-theme>`, which the CSS custom properties in app.css key on.
 */
export class ThemeState {
  #preference = $state<ThemePreference>('system');
  #systemDark = $state(false);

  get preference(): ThemePreference {
    return this.#preference;
  }

  readonly scheme: ColorScheme = $derived(
    this.#preference === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.#preference,
  );

  /** Reads the saved choice and follows the OS setting; returns the function that stops. */
  start(win: Window = window): () => void {
    const saved = safeRead(win);
    if (isPreference(saved)) this.#preference = saved;
    const media = win.matchMedia(DARK_QUERY);
    this.#systemDark = media.matches;
    const onChange = (event: MediaQueryListEvent): void => {
      this.#systemDark = event.matches;
    };
    media.addEventListener('change', onChange);
    return () => {
      media.removeEventListener('change', onChange);
    };
  }

  choose(preference: ThemePreference, win: Window = window): void {
    this.#preference = preference;
    try {
      win.localStorage.setItem(STORAGE_KEY, preference);
    } catch {
      // Storage can be unavailable (private mode, quota): the choice still applies for this run.
    }
  }

  reset(): void {
    this.#preference = 'system';
    this.#systemDark = false;
  }
}

function safeRead(win: Window): string | null {
  try {
    return win.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export const theme = new ThemeState();
