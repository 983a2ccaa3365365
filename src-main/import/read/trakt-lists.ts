import { Collector, baseName, cleanTitle } from './collect';

/** Trakt's custom lists: the metadata of lists-lists.json, and which list a file of items is. */

export interface JsonFile {
  name: string;
  data: unknown;
}

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

interface ListMeta {
  trakt: number | undefined;
  slug: string | undefined;
  list: { name: string; description: string };
}

/** The custom lists lists-lists.json describes: their ids, names and descriptions. */
export function listMetas(files: readonly JsonFile[], out: Collector): ListMeta[] {
  const metas: ListMeta[] = [];
  for (const file of files) {
    out.use(file.name);
    for (const meta of file.data as unknown[]) {
      if (!isObj(meta) || !isObj(meta.ids)) continue;
      const name = str(meta.name);
      if (!name) continue;
      metas.push({
        trakt: num(meta.ids.trakt),
        slug: str(meta.ids.slug)?.toLowerCase(),
        list: {
          name: cleanTitle(name),
          description: (str(meta.description) ?? '').slice(0, 10_000),
        },
      });
    }
  }
  return metas;
}

/**
 * The list a file of list items belongs to: the list whose Trakt id is a number in the file's
 * name, else whose slug the name ends with, else the only list when there is one of each. A file
 * no metadata names is named after the file, the best there is.
 */
export function listFor(
  file: JsonFile,
  metas: readonly ListMeta[],
  listFiles: number,
): { name: string; description: string } {
  const stem = baseName(file.name).replace(/\.json$/, '');
  const numbers = new Set((stem.match(/\d+/g) ?? []).map(Number));
  const found =
    metas.find((m) => m.trakt !== undefined && numbers.has(m.trakt)) ??
    metas.find((m) => m.slug !== undefined && (stem === m.slug || stem.endsWith(`-${m.slug}`))) ??
    (metas.length === 1 && listFiles === 1 ? metas[0] : undefined);
  if (found) return found.list;
  const words = stem.replace(/^lists?-/, '').replace(/-/g, ' ');
  return { name: cleanTitle(words.charAt(0).toUpperCase() + words.slice(1)), description: '' };
}
