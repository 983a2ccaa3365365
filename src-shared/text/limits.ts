import { z } from 'zod';
import { cutText, plainText } from './bound';

/**
 * How much text Marquee keeps, in UTF-16 code units: the one definition that the library's store,
 * the inbox, the IPC contract and the backup all use, so that whatever Marquee holds it can also
 * back up and restore. TMDB and sync can bring longer text (list names and descriptions of any
 * length, hostile episode names); it is cut at the store's door by the same functions.
 */
export const TEXT_LIMITS = {
  listName: 1_000,
  listDescription: 25_000,
  /** An inbox item (and a system notification) shows one line of each. */
  inboxTitle: 200,
  inboxBody: 500,
} as const;

/** Far beyond any real text; refuses a document built to exhaust memory. */
const CEILING = 10_000_000;

/** A list's name as the library keeps it (TMDB may send an empty or very long one). */
export const keptListName = (): z.ZodType<string, string> =>
  z
    .string()
    .max(CEILING)
    .transform((s) => cutText(s, TEXT_LIMITS.listName));
export const keptListDescription = (): z.ZodType<string, string> =>
  z
    .string()
    .max(CEILING)
    .transform((s) => cutText(s, TEXT_LIMITS.listDescription));
/** An inbox item's text as the inbox keeps it: plain, one line, bounded. */
export const keptInboxTitle = (): z.ZodType<string, string> =>
  z
    .string()
    .max(CEILING)
    .transform((s) => plainText(s, TEXT_LIMITS.inboxTitle));
export const keptInboxBody = (): z.ZodType<string, string> =>
  z
    .string()
    .max(CEILING)
    .transform((s) => plainText(s, TEXT_LIMITS.inboxBody));
