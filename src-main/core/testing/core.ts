import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCatalogue, type Catalogue, type CatalogueOptions } from '../../../catalogue';
import type { EventName } from '../../../src-shared/ipc/channels';
import type { ChannelInput, ChannelOutput, EventPayload } from '../../../src-shared/ipc/contract';
import type { ChannelName } from '../../../src-shared/ipc/channels';
import type { IpcResult } from '../../../src-shared/ipc/result';
import { readTmdbConfig } from '../config';
import { createCore, type CoreOptions, type RunningCore } from '../core';
import { memoryLogger } from '../../base/testing/memory-logger';
import { manualTimers } from '../../base/testing/manual-timers';

/** A core on a temporary data folder against the local catalogue, with a settable clock and hand-driven timers. */
export interface TestCore {
  core: RunningCore;
  catalogue: Catalogue;
  dataDir: string;
  clock: { now: number };
  timers: ReturnType<typeof manualTimers>;
  log: ReturnType<typeof memoryLogger>;
  events: Array<{ event: EventName; payload: unknown }>;
  call<C extends ChannelName>(
    channel: C,
    input?: ChannelInput<C>,
  ): Promise<IpcResult<ChannelOutput<C>>>;
  /** Calls a channel and fails the test with the error text unless it succeeds. */
  value<C extends ChannelName>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>;
  eventsOf<E extends EventName>(event: E): Array<EventPayload<E>>;
  /** A second core on the same data folder (Marquee started again). */
  restart(): Promise<void>;
  signIn(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestCore(
  options: {
    catalogue?: CatalogueOptions;
    useCatalogue?: Catalogue;
    core?: Partial<CoreOptions>;
    dataDir?: string;
  } = {},
): Promise<TestCore> {
  const catalogue =
    options.useCatalogue ??
    (await startCatalogue({ titles: 200, messy: false, ...options.catalogue }));
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-core-'));
  const clock = { now: Date.now() };
  const timers = manualTimers();
  const log = memoryLogger();
  const events: TestCore['events'] = [];
  const build = (): RunningCore => {
    const core = createCore({
      dataDir,
      app: { name: 'Marquee', version: '0.0.0-test', platform: 'linux' },
      tmdb: {
        ...readTmdbConfig({
          TMDB_API_BASE: catalogue.apiBase,
          TMDB_IMAGE_BASE: catalogue.imageBase,
          TMDB_ACCESS_TOKEN: catalogue.accessToken,
        }),
        demo: true,
      },
      clock: () => clock.now,
      log,
      timers,
      // Waiting moves the test clock on at once: backoff and the rate limiter see time pass, tests stay fast.
      sleep: (ms) => {
        clock.now += ms;
        return Promise.resolve();
      },
      client: { timeoutMs: 3_000, maxRetries: 2 },
      ...options.core,
    });
    core.events.onAny(
      (event, payload) => events.push({ event, payload }),
      ['network.status', 'sync.status', 'library.changed', 'auth.changed'],
    );
    return core;
  };
  let core = build();
  await core.ready;
  const sender = { trusted: true, origin: 'test' };
  const harness: TestCore = {
    get core() {
      return core;
    },
    catalogue,
    dataDir,
    clock,
    timers,
    log,
    events,
    call: (channel, input) => core.dispatch(channel, input, sender) as never,
    async value(channel, input) {
      const result = await harness.call(channel, input);
      if (!result.ok)
        throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
      return result.value;
    },
    eventsOf: <E extends EventName>(event: E) =>
      events.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>),
    async restart() {
      await core.close();
      core = build();
      await core.ready;
    },
    async signIn() {
      await harness.value('auth.login', {
        username: catalogue.demoUser,
        password: catalogue.demoPassword,
      });
    },
    async close() {
      await core.close();
      if (!options.useCatalogue) await catalogue.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
