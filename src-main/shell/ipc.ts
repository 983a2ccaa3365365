import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import {
  channelNames,
  eventNames,
  IPC_PREFIX,
  type ChannelName,
} from '../../src-shared/ipc/channels';
import type { EventBus } from '../base/events';
import type { Dispatch, SenderCheck } from '../ipc/guard';
import { describeOrigin, isAppUrl } from './origin';

/** The part of an invoke event the sender check reads. */
export interface InvokeSender {
  readonly senderFrame: { readonly parent: unknown; readonly url: string } | null;
}

/**
 * Checklist point 17: a call is trusted only when it comes from the main frame of Marquee's own
 * page. A subframe, another origin, or a frame that has gone away (senderFrame null) is not.
 */
export function senderCheck(event: InvokeSender): SenderCheck {
  let frame: InvokeSender['senderFrame'];
  try {
    frame = event.senderFrame;
  } catch {
    // Electron can throw when the frame was destroyed between the call and the check.
    frame = null;
  }
  if (!frame) return { trusted: false, origin: 'none' };
  const origin = describeOrigin(frame.url);
  if (frame.parent !== null) return { trusted: false, origin: `${origin} (subframe)` };
  return { trusted: isAppUrl(frame.url), origin };
}

/**
 * Registers exactly one `ipcMain.handle` per listed channel; any other channel has no handler, so
 * the renderer's invoke of it is rejected by Electron itself. Returns the function that removes them.
 */
export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  channels: readonly ChannelName[] = channelNames,
): () => void {
  for (const channel of channels) {
    ipcMain.handle(`${IPC_PREFIX}${channel}`, (event: IpcMainInvokeEvent, input: unknown) =>
      dispatch(channel, input, senderCheck(event)),
    );
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(`${IPC_PREFIX}${channel}`);
  };
}

/** Sends every core event to one window's page, only while that page is alive. */
export function forwardEvents(
  events: Pick<EventBus, 'onAny'>,
  contents: Pick<WebContents, 'send' | 'isDestroyed' | 'once'>,
): () => void {
  const off = events.onAny((name, payload) => {
    if (contents.isDestroyed()) return;
    contents.send(`${IPC_PREFIX}${name}`, payload);
  }, eventNames);
  contents.once('destroyed', off);
  return off;
}
