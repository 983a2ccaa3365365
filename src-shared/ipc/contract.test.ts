import { describe, expect, expectTypeOf, it } from 'vitest';
import { channelNames, eventNames, type ChannelName, type EventName } from './channels';
import {
  contract,
  contractDomains,
  events,
  type Contract,
  type Events,
  type LibraryChannel,
} from './contract';
import { libraryChannels } from './contract/library';
import type { HandlersFor } from './handlers';

describe('the IPC contract', () => {
  it('names exactly the channels and events of the zod-free lists the preload uses', () => {
    expect(Object.keys(contract).sort()).toEqual([...channelNames].sort());
    expect(Object.keys(events).sort()).toEqual([...eventNames].sort());
    expectTypeOf<keyof Contract>().toEqualTypeOf<ChannelName>();
    expectTypeOf<keyof Events>().toEqualTypeOf<EventName>();
  });

  it('lists each name once', () => {
    expect(new Set(channelNames).size).toBe(channelNames.length);
    expect(new Set(eventNames).size).toBe(eventNames.length);
  });

  it('takes every channel and event from exactly one domain, unchanged', () => {
    const channels = contractDomains.flatMap((d) => Object.entries(d.channels));
    const announced = contractDomains.flatMap((d) => Object.entries(d.events));
    expect(channels).toHaveLength(Object.keys(contract).length);
    expect(announced).toHaveLength(Object.keys(events).length);
    for (const [name, spec] of channels) expect(contract[name as ChannelName]).toBe(spec);
    for (const [name, schema] of announced) expect(events[name as EventName]).toBe(schema);
  });

  it('gives each domain its own channel names, for typing its part of the handler map', () => {
    expectTypeOf<LibraryChannel>().toEqualTypeOf<keyof typeof libraryChannels>();
    expectTypeOf<keyof HandlersFor<LibraryChannel>>().toEqualTypeOf<LibraryChannel>();
    expectTypeOf<HandlersFor<'lists.delete'>['lists.delete']>()
      .parameter(0)
      .toEqualTypeOf<{ listId: string }>();
  });
});
