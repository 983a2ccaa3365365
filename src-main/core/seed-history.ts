import type { TrackingService } from '../tracking/tracking-service';
import type { Play } from '../tracking/types';

/**
 * Seeds a watch history into a library that has none (the demo account's generated history on
 * demo mode's first start). Any existing play, even one, means the history is the user's: nothing
 * is added then, so a restart or a real history is never touched. Plays keep their own uids, so
 * seeding twice cannot duplicate anything either. Series are refreshed afterwards (in the
 * background) so episode runtimes and progress are known.
 */
export function seedHistory(service: TrackingService, plays: readonly Play[]): { seeded: number } {
  if (plays.length === 0) return { seeded: 0 };
  if (service.tracking.history({ limit: 1 }).total > 0) return { seeded: 0 };
  const { restored } = service.restore(plays.map((play) => ({ ...play, source: 'marquee' })));
  if (restored > 0) void service.refresh().catch(() => undefined);
  return { seeded: restored };
}
