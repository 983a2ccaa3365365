import { z } from 'zod';
import { id } from './models';

/**
 * The streaming services a person pays for, in their region: chosen once in Settings, kept as a
 * preference that follows them to every computer (`preference.set` of the key
 * {@link MY_SERVICES_KEY}), and included in backups.
 */

/** A provider as Marquee shows it: TMDB's id, name and logo. Names from TMDB are bounded. */
export const serviceRef = z.object({
  id,
  name: z.string().min(1).max(200),
  logoPath: z.string().max(300).nullable(),
});
export type ServiceRef = z.infer<typeof serviceRef>;

export const myServices = z.object({
  /** ISO 3166-1 country whose offers count. */
  region: z.string().regex(/^[A-Z]{2}$/, 'expected a country code like US'),
  /** The services chosen, in the order the person put them. */
  providers: z.array(serviceRef).max(100),
  /** Whether free and with-ads offers count as "on my services", beside subscriptions. */
  includeFree: z.boolean(),
});
export type MyServices = z.infer<typeof myServices>;

/** The preference key that holds {@link MyServices}. */
export const MY_SERVICES_KEY = 'services';

/** Before the first choice: no services, subscriptions only, in `region` (from the OS locale). */
export const noServices = (region: string): MyServices => ({
  region,
  providers: [],
  includeFree: false,
});
