import type { ServiceRef } from '../../src-shared/ipc/contract/services';
import type { IpcResult } from '../../src-shared/ipc/result';
import { api } from './api';

/**
 * Which of the person's services stream each title now: the channel `services.availability`.
 * Its input and answer, as agreed for that channel (1 to 1,000 titles a call).
 */
export interface AvailabilityInput {
  items: Array<{ mediaType: 'movie' | 'tv'; id: number }>;
}
export interface AvailabilityAnswer {
  region: string;
  items: Array<{
    mediaType: 'movie' | 'tv';
    id: number;
    /** false: no provider data is cached for this title yet. */
    known: boolean;
    /** The person's services that stream it now, in their order; [] when none. */
    services: ServiceRef[];
  }>;
}

export type AvailabilityCall = (input: AvailabilityInput) => Promise<IpcResult<AvailabilityAnswer>>;

export const AVAILABILITY_MAX = 1000;

/** Asks the core; a core without the channel answers with an error, never a throw. */
export const availability: AvailabilityCall = async (input) => {
  try {
    // The channel is not in this build's contract yet: it is asked by name, its answer typed above.
    const bridge = api() as unknown as {
      invoke(channel: string, input: AvailabilityInput): Promise<IpcResult<AvailabilityAnswer>>;
    };
    return await bridge.invoke('services.availability', {
      items: input.items.slice(0, AVAILABILITY_MAX),
    });
  } catch {
    return {
      ok: false,
      error: {
        code: 'internal',
        message: 'Marquee could not reach its core (services.availability).',
      },
    };
  }
};

export interface OnMyServices<T> {
  /** The titles one of the person's services streams now, in the order given. */
  items: T[];
  /** Where each of those streams: the first of the person's services, by `movie:603`. */
  where: Map<string, ServiceRef>;
  /** Titles left out because nothing is cached about where they stream yet. */
  unknown: number;
}

const keyOf = (t: { mediaType: string; id: number }): string => `${t.mediaType}:${String(t.id)}`;

/** Keeps the titles the answer says stream on one of the person's services. */
export function onMyServices<T extends { mediaType: 'movie' | 'tv'; id: number }>(
  titles: readonly T[],
  answer: AvailabilityAnswer,
): OnMyServices<T> {
  const byKey = new Map(answer.items.map((a) => [keyOf(a), a]));
  const where = new Map<string, ServiceRef>();
  let unknown = 0;
  const items = titles.filter((t) => {
    const found = byKey.get(keyOf(t));
    if (found === undefined || !found.known) {
      unknown++;
      return false;
    }
    const first = found.services[0];
    if (first === undefined) return false;
    where.set(keyOf(t), first);
    return true;
  });
  return { items, where, unknown };
}
