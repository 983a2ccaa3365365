import type { ServerAccountInfo, ServerKind } from './types';

/**
 * Which of a server's own accounts an announcement is about. Plex's webhooks name the plex.tv
 * account (`Account.id`, such as 19084402) while the local server lists its own ids (the owner is
 * 1) and reads its sessions and library by those; the local server tells no plex.tv id of its
 * owner. So an id seen before is looked up; else the one account whose name the announcement
 * gives is it, and that id is remembered for the next time (a renamed account is still found).
 * No name, or a name two accounts share, and the announcement keeps its own id: it counts only if
 * that id was chosen.
 */

/** Most announced ids remembered per server. */
export const MAX_ALIASES = 50;

export interface AccountBook {
  kind: ServerKind;
  /** The server's own accounts, as its test listed them. */
  accounts: readonly ServerAccountInfo[];
  /** Announced id → the server's own account id, as learned before. */
  aliases: Readonly<Record<string, string>>;
}

export interface AccountMatch {
  account: string;
  /** The aliases with this announcement's id added, to keep; absent when nothing new was learned. */
  learned?: Record<string, string>;
}

const nameKey = (name: string): string => name.normalize('NFC').trim().toLocaleLowerCase('en');

export function accountOf(
  book: AccountBook,
  announced: { account: string; accountName: string },
): AccountMatch {
  const { account, accountName } = announced;
  const known = (id: string | undefined): id is string =>
    id !== undefined && book.accounts.some((a) => a.id === id);
  // Only Plex announces ids its own account list does not use.
  if (book.kind !== 'plex' || known(account)) return { account };
  const alias = Object.hasOwn(book.aliases, account) ? book.aliases[account] : undefined;
  if (known(alias)) return { account: alias };
  const name = nameKey(accountName);
  if (name === '' || accountName === account) return { account };
  const named = book.accounts.filter((a) => nameKey(a.name) === name);
  const [only] = named;
  if (named.length !== 1 || !only) return { account };
  // Only ids the server's accounts still use are kept, and no more than the bound.
  const kept = Object.fromEntries(Object.entries(book.aliases).filter(([, id]) => known(id)));
  if (Object.keys(kept).length >= MAX_ALIASES) return { account: only.id };
  return { account: only.id, learned: { ...kept, [account]: only.id } };
}
