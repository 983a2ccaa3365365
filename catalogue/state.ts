import { randomBytes } from 'node:crypto';
import type { DemoLibrary } from './data/demo-picks';

/**
 * Per-server, in-memory user state, shaped like TMDB's: request tokens that expire after 60 minutes
 * and must be approved, sessions that do not expire, guest sessions (24 hours, rating only), and one
 * demo account with its watchlist, favourites, ratings and v3 lists.
 */
export type TokenStatus = 'pending' | 'approved' | 'denied' | 'used';

export interface RequestToken {
  readonly token: string;
  readonly expiresAt: number;
  status: TokenStatus;
  accountId: number | undefined;
}

export interface Rating {
  readonly value: number;
  readonly at: number;
}

export interface RatingBook {
  readonly movie: Map<number, Rating>;
  readonly tv: Map<number, Rating>;
  /** Keyed by `seriesId:season:episode`. */
  readonly episode: Map<string, Rating>;
}

export interface GuestSession {
  readonly id: string;
  readonly expiresAt: number;
  readonly ratings: RatingBook;
}

export interface UserList {
  readonly id: number;
  name: string;
  description: string;
  readonly iso_639_1: string;
  readonly accountId: number;
  /** Movie ids in the order they were added. */
  readonly items: number[];
  readonly createdAt: number;
}

export interface Account {
  readonly id: number;
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly gravatarHash: string;
  readonly avatarPath: string | null;
  readonly iso_639_1: string;
  readonly iso_3166_1: string;
  readonly include_adult: boolean;
  /** media id → when it was added (insertion order is kept by Map). */
  readonly watchlist: { readonly movie: Map<number, number>; readonly tv: Map<number, number> };
  readonly favorite: { readonly movie: Map<number, number>; readonly tv: Map<number, number> };
  readonly ratings: RatingBook;
}

export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
export const GUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** TMDB writes expiry times as `2016-08-26 17:04:39 UTC`. */
export function tmdbTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const emptyBook = (): RatingBook => ({ movie: new Map(), tv: new Map(), episode: new Map() });

export class CatalogueState {
  readonly tokens = new Map<string, RequestToken>();
  readonly sessions = new Map<string, number>();
  readonly guests = new Map<string, GuestSession>();
  readonly accounts = new Map<number, Account>();
  readonly lists = new Map<number, UserList>();
  private nextListId = 8_200_000;

  constructor(
    readonly demo: { username: string; password: string },
    private readonly now: () => number,
  ) {
    const account: Account = {
      id: 21_736_511,
      username: demo.username,
      password: demo.password,
      name: 'Demo Viewer',
      gravatarHash: 'a9f3c0e1b2d4c6e8f0a1b3c5d7e9f1a2',
      avatarPath: '/q7dbHFs5MEGvVbTBoQmnjrdO6Ma.png',
      iso_639_1: 'en',
      iso_3166_1: 'US',
      include_adult: false,
      watchlist: { movie: new Map(), tv: new Map() },
      favorite: { movie: new Map(), tv: new Map() },
      ratings: emptyBook(),
    };
    this.accounts.set(account.id, account);
  }

  get demoAccount(): Account {
    const first = this.accounts.values().next().value;
    if (!first) throw new Error('the demo account is missing');
    return first;
  }

  newToken(): RequestToken {
    const token: RequestToken = {
      token: hex(20),
      expiresAt: this.now() + TOKEN_LIFETIME_MS,
      status: 'pending',
      accountId: undefined,
    };
    this.tokens.set(token.token, token);
    return token;
  }

  /** A token that exists and has not expired. */
  liveToken(value: unknown): RequestToken | undefined {
    if (typeof value !== 'string') return undefined;
    const token = this.tokens.get(value);
    if (!token || token.expiresAt <= this.now()) return undefined;
    return token;
  }

  login(username: string, password: string): Account | undefined {
    for (const account of this.accounts.values()) {
      if (account.username === username && account.password === password) return account;
    }
    return undefined;
  }

  newSession(accountId: number): string {
    const id = hex(20);
    this.sessions.set(id, accountId);
    return id;
  }

  accountForSession(sessionId: string | null | undefined): Account | undefined {
    if (!sessionId) return undefined;
    const accountId = this.sessions.get(sessionId);
    return accountId === undefined ? undefined : this.accounts.get(accountId);
  }

  newGuest(): GuestSession {
    const guest: GuestSession = {
      id: hex(16),
      expiresAt: this.now() + GUEST_LIFETIME_MS,
      ratings: emptyBook(),
    };
    this.guests.set(guest.id, guest);
    return guest;
  }

  liveGuest(id: string | null | undefined): GuestSession | undefined {
    if (!id) return undefined;
    const guest = this.guests.get(id);
    return guest && guest.expiresAt > this.now() ? guest : undefined;
  }

  /**
   * Gives the demo account the library it starts with (data/demo-picks.ts), added a minute apart
   * during the day before the clock's time, in the order listed.
   */
  fillDemoLibrary(library: DemoLibrary): void {
    const account = this.demoAccount;
    let at = this.now() - 24 * 60 * 60 * 1000;
    const add = (target: Map<number, number>, ids: readonly number[]): void => {
      for (const id of ids) target.set(id, (at += 60_000));
    };
    add(account.watchlist.movie, library.watchlist.movie);
    add(account.watchlist.tv, library.watchlist.tv);
    add(account.favorite.movie, library.favorite.movie);
    add(account.favorite.tv, library.favorite.tv);
    for (const list of library.lists)
      this.createList(account.id, list.name, list.description, 'en').items.push(...list.items);
  }

  /** The demo account's ratings of the titles in its generated watch history. */
  fillDemoRatings(ratings: {
    readonly movie: ReadonlyArray<readonly [number, number]>;
    readonly tv: ReadonlyArray<readonly [number, number]>;
  }): void {
    const book = this.demoAccount.ratings;
    let at = this.now() - 12 * 60 * 60 * 1000;
    for (const [id, value] of ratings.movie) book.movie.set(id, { value, at: (at += 60_000) });
    for (const [id, value] of ratings.tv) book.tv.set(id, { value, at: (at += 60_000) });
  }

  createList(accountId: number, name: string, description: string, language: string): UserList {
    const list: UserList = {
      id: this.nextListId++,
      name,
      description,
      iso_639_1: language,
      accountId,
      items: [],
      createdAt: this.now(),
    };
    this.lists.set(list.id, list);
    return list;
  }
}
