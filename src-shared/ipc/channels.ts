/**
 * The channel and event names, free of zod so that the sandboxed preload can import them
 * without pulling a validator into its bundle. `contract.ts` must define exactly these keys;
 * a test checks that the two agree.
 */
export const channelNames = ['app.info', 'reference.countries', 'reference.jobs'] as const;

export const eventNames = ['network.status'] as const;

export type ChannelName = (typeof channelNames)[number];
export type EventName = (typeof eventNames)[number];

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && (channelNames as readonly string[]).includes(value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (eventNames as readonly string[]).includes(value);
}

/** The prefix of every ipcMain/ipcRenderer channel, so Marquee's traffic is easy to tell apart. */
export const IPC_PREFIX = 'marquee:';
