import type {
  CatalogueProvider,
  CatalogueRegion,
  ServicesCatalogue,
} from '../../src-shared/ipc/contract/services';
import type { ProviderList, WatchRegions } from '../../src-shared/tmdb/schemas/watchProviders';
import { plainText } from '../../src-shared/text/bound';
import type { Read } from '../cache/reads';

const NAME_MAX = 200;
const LOGO = /^\/[\w.-]{1,290}$/;

/**
 * The providers to choose from in a region: films' and series' together, once each, in TMDB's
 * order for the region; and the regions TMDB knows providers in, by name. Names are bounded; an
 * entry without an id or a name is left out (one bad entry never blanks the list).
 */
export function catalogueOf(
  region: string,
  lists: readonly ProviderList[],
  regions: WatchRegions,
  stale: boolean,
): ServicesCatalogue {
  const byId = new Map<number, CatalogueProvider>();
  for (const list of lists)
    for (const p of list.results) {
      const name = plainText(p.provider_name, NAME_MAX);
      if (!name || byId.has(p.provider_id)) continue;
      const logo = p.logo_path;
      byId.set(p.provider_id, {
        id: p.provider_id,
        name,
        logoPath: typeof logo === 'string' && LOGO.test(logo) ? logo : null,
        priority: p.display_priorities?.[region] ?? p.display_priority,
      });
    }
  const providers = [...byId.values()].sort(
    (a, b) => a.priority - b.priority || a.name.localeCompare(b.name),
  );
  const seen = new Set<string>();
  const list: CatalogueRegion[] = [];
  for (const r of regions.results) {
    if (!/^[A-Z]{2}$/.test(r.iso_3166_1) || seen.has(r.iso_3166_1)) continue;
    seen.add(r.iso_3166_1);
    list.push({ code: r.iso_3166_1, name: plainText(r.english_name, NAME_MAX) || r.iso_3166_1 });
  }
  list.sort((a, b) => a.name.localeCompare(b.name));
  return { region, providers, regions: list, stale };
}

/** Films' and series' providers for the region and the list of regions, through the cache. */
export async function loadCatalogue(read: Read, region: string): Promise<ServicesCatalogue> {
  const query = { query: { watch_region: region } };
  const [movie, tv, regions] = await Promise.allSettled([
    read('GET /3/watch/providers/movie', query),
    read('GET /3/watch/providers/tv', query),
    read('GET /3/watch/providers/regions'),
  ]);
  const lists = [movie, tv].flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  // Without either list there is nothing to choose from: the reason (offline, say) is the answer.
  if (lists.length === 0)
    throw movie.status === 'rejected' ? movie.reason : new Error('no providers');
  const known = regions.status === 'fulfilled' ? regions.value.data : { results: [] };
  const stale =
    lists.some((l) => l.meta.stale) || (regions.status === 'fulfilled' && regions.value.meta.stale);
  return catalogueOf(
    region,
    lists.map((l) => l.data),
    known,
    stale,
  );
}
