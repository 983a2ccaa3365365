import type { MarqueeApi } from '../../src-shared/ipc/api';
import type { ChannelName } from '../../src-shared/ipc/channels';
import type { ChannelInput, ChannelOutput } from '../../src-shared/ipc/contract';
import type { IpcResult } from '../../src-shared/ipc/result';

/**
 * The browser harness's stand-in for the open dialog: the page hands over the file the user chose
 * and the core reads it (the renderer never parses a file). Absent in Electron, where main shows
 * the open dialog itself (`import.open`).
 */
export interface UploadBridge {
  upload(file: File): Promise<IpcResult<unknown>>;
}

declare global {
  interface Window {
    /** Defined by the preload in Electron and by the bridge script in the browser harness. */
    api?: MarqueeApi;
    /** Defined by the browser harness's bridge script only. */
    marqueeUpload?: UploadBridge;
  }
}

/**
 * Stands in when the page was opened without a bridge (e.g. the built file opened directly), so
 * the interface says clearly what is wrong instead of failing with a TypeError somewhere deep.
 */
const missingBridge: MarqueeApi = {
  invoke: () =>
    Promise.resolve({
      ok: false,
      error: {
        code: 'internal',
        message: 'Marquee’s bridge to its core is missing: open Marquee through the app.',
      },
    }),
  on: () => () => undefined,
};

/** The typed `window.api`, or the stand-in above when it is absent. */
export function api(): MarqueeApi {
  return typeof window !== 'undefined' && window.api ? window.api : missingBridge;
}

/** Calls one channel. Never rejects: a thrown transport error becomes an `internal` failure. */
export async function call<C extends ChannelName>(
  channel: C,
  input?: ChannelInput<C>,
): Promise<IpcResult<ChannelOutput<C>>> {
  try {
    return await api().invoke(channel, input);
  } catch {
    return {
      ok: false,
      error: { code: 'internal', message: `Marquee could not reach its core (${channel}).` },
    };
  }
}

/** The harness's upload, or null in Electron (where `import.open` shows the open dialog). */
export function uploadBridge(): UploadBridge | null {
  return typeof window !== 'undefined' && window.marqueeUpload ? window.marqueeUpload : null;
}
