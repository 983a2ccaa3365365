/**
 * A token bucket per remote address: `burst` requests at once, then `perSecond` on average. Time
 * comes from the injected clock. The longest-idle address is forgotten past a few thousand, so the map stays small.
 */
export interface RateLimit {
  burst: number;
  perSecond: number;
}

export const DEFAULT_RATE: RateLimit = { burst: 60, perSecond: 2 };

/** At most this many addresses are followed; past it the oldest bucket is dropped. */
const MAX_BUCKETS = 4096;

export function createRateLimiter(
  rate: RateLimit,
  clock: () => number,
): (address: string) => boolean {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (address) => {
    const now = clock();
    const bucket = buckets.get(address);
    const elapsed = bucket ? Math.max(0, now - bucket.at) / 1000 : 0;
    const tokens = bucket
      ? Math.min(rate.burst, bucket.tokens + elapsed * rate.perSecond)
      : rate.burst;
    if (tokens < 1) {
      buckets.set(address, { tokens, at: now });
      return false;
    }
    buckets.delete(address);
    buckets.set(address, { tokens: tokens - 1, at: now });
    if (buckets.size > MAX_BUCKETS) {
      const oldest = buckets.keys().next().value;
      if (oldest !== undefined) buckets.delete(oldest);
    }
    return true;
  };
}
