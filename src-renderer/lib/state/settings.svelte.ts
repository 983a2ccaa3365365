import type { AuthStatus, ChannelOutput, Settings } from '../../../src-shared/ipc/contract';
import type { IpcError } from '../../../src-shared/ipc/errors';
import { call } from '../api';
import { theme } from './theme.svelte';

export type CacheStatus = ChannelOutput<'cache.status'>;
export type TokenKind = 'accessToken' | 'apiKey';

/**
 * The user's settings as the core keeps them, the cache's sizes, and whether an app token is
 * set. The token itself never comes back from the core: only `auth.status.appCredentials`.
 */
export class SettingsState {
  #values = $state.raw<Settings | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #cache = $state.raw<CacheStatus | null>(null);
  #cacheError = $state.raw<IpcError | null>(null);
  #auth = $state.raw<AuthStatus | null>(null);
  #saving = $state(false);

  get values(): Settings | null {
    return this.#values;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get cache(): CacheStatus | null {
    return this.#cache;
  }
  get cacheError(): IpcError | null {
    return this.#cacheError;
  }
  get auth(): AuthStatus | null {
    return this.#auth;
  }
  get saving(): boolean {
    return this.#saving;
  }

  /** True when the user entered their own token (not the built-in demo or environment one). */
  readonly tokenSet = $derived(this.#auth?.appCredentials === 'user-token');

  async load(): Promise<void> {
    const [values, auth] = await Promise.all([call('settings.get'), call('auth.status')]);
    if (values.ok) {
      this.#values = values.value;
      this.#error = null;
      theme.choose(values.value.theme);
    } else {
      this.#error = values.error;
    }
    if (auth.ok) this.#auth = auth.value;
    await this.loadCache();
  }

  /** Saves a change; the theme applies before the core answers, so the switch feels instant. */
  async set(change: Partial<Settings>): Promise<IpcError | null> {
    if (change.theme !== undefined) theme.choose(change.theme);
    this.#saving = true;
    try {
      const result = await call('settings.set', change);
      if (!result.ok) return result.error;
      this.#values = result.value;
      if (change.imageCacheMb !== undefined) await this.loadCache();
      return null;
    } finally {
      this.#saving = false;
    }
  }

  async loadCache(): Promise<void> {
    const result = await call('cache.status');
    if (result.ok) {
      this.#cache = result.value;
      this.#cacheError = null;
    } else {
      this.#cacheError = result.error;
    }
  }

  /** Empties the rebuildable cache; returns the bytes freed, or the error. */
  async clearCache(): Promise<{ freedBytes: number } | { error: IpcError }> {
    const result = await call('cache.clear');
    await this.loadCache();
    return result.ok ? result.value : { error: result.error };
  }

  /** Hands a token to main, which validates it with TMDB before keeping it. */
  async setToken(kind: TokenKind, value: string): Promise<IpcError | null> {
    const result = await call('credentials.setAppToken', { kind, value });
    if (!result.ok) return result.error;
    this.#auth = result.value;
    return null;
  }

  async clearToken(): Promise<IpcError | null> {
    const result = await call('credentials.clearAppToken');
    if (!result.ok) return result.error;
    this.#auth = result.value;
    return null;
  }

  /** Keeps the sign-in state current when it changes elsewhere (`auth.changed`). */
  applyAuth(status: AuthStatus): void {
    this.#auth = status;
  }

  reset(): void {
    this.#values = null;
    this.#error = null;
    this.#cache = null;
    this.#cacheError = null;
    this.#auth = null;
    this.#saving = false;
  }
}

export const settings = new SettingsState();
