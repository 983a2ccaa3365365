import { z } from 'zod';
import type { Domain } from './domain';
import { noInput } from './models';

const serviceStatus = z.object({
  online: z.boolean(),
  /** When the state last changed, ms since the epoch. */
  since: z.number(),
  /** Why the service is believed unreachable (a redacted, human-readable reason). */
  reason: z.string().optional(),
});

/**
 * The API's state at the top level (it alone makes the app "offline"), and the image host's apart:
 * an unreachable image host means placeholders, never an offline app.
 */
export const networkStatus = serviceStatus.extend({ images: serviceStatus.optional() });

/**
 * The desktop app's update, as the renderer shows it. `unavailable`: this build does not update
 * itself (development, the browser harness, Linux — see the README); `off`: the user has not opted
 * in; `watching`: checks run and nothing newer was found yet; `downloading`: a newer release is
 * being fetched in the background; `ready`: it waits to be installed (`app.installUpdate`).
 */
export const updateStatus = z.object({
  state: z.enum(['unavailable', 'off', 'watching', 'downloading', 'ready']),
  /** The newer release's version, once one is found. */
  version: z.string().optional(),
});

export type UpdateStatus = z.infer<typeof updateStatus>;

/** The app itself: what runs, where, and whether the network answers. */
export const appChannels = {
  'app.info': {
    input: noInput,
    output: z.object({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      dataDir: z.string(),
      apiBase: z.string(),
      imageBase: z.string(),
      /** True when Marquee runs against its built-in demo catalogue rather than TMDB. */
      demo: z.boolean(),
      /** Images are served by the app itself under this path: `${imagePath}/${size}${file_path}`. */
      imagePath: z.string(),
    }),
  },
  /** The network state now; `network.status` announces each later change. */
  'network.current': { input: noInput, output: networkStatus },
  /**
   * What start-up did that the user must hear of once, each a plain sentence: today, a library
   * file found damaged, kept as a copy and repaired. Answered once start-up is over.
   */
  'app.notices': { input: noInput, output: z.object({ notices: z.array(z.string()) }) },
  /** The update's state now; `app.update` announces each later change. */
  'app.update': { input: noInput, output: updateStatus },
  /** Quits and installs the downloaded update, then starts Marquee again. */
  'app.installUpdate': { input: noInput, output: z.object({ restarting: z.literal(true) }) },
} as const;

export const appEvents = { 'network.status': networkStatus, 'app.update': updateStatus } as const;

export type AppChannel = keyof typeof appChannels;

export const appDomain = { channels: appChannels, events: appEvents } satisfies Domain;
