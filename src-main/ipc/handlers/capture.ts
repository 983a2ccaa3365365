import type { CaptureChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { CaptureService } from '../../capture/capture-service';
import { libraryPart } from './library-open';

export interface CaptureDeps {
  /** null when the library could not be opened: there is no history to capture into. */
  capture: CaptureService | null;
  libraryProblem: string | null;
}

/** Media servers, their captured plays and the viewings waiting for review. */
export function captureHandlers(use: () => Promise<CaptureDeps>): HandlersFor<CaptureChannel> {
  const service = async (): Promise<CaptureService> => {
    const deps = await use();
    return libraryPart(deps.capture, 'Play capture is off', deps.libraryProblem);
  };
  return {
    'capture.servers': async () => ({ servers: await (await service()).servers() }),
    'capture.discover': async () => ({ found: await (await service()).discover() }),
    'capture.addServer': async ({ kind, url, name, auth }) =>
      (await service()).addServer({ kind, url, name, auth }),
    'capture.testServer': async ({ serverId }) => (await service()).testServer(serverId),
    'capture.updateServer': async ({ serverId, ...patch }) =>
      (await service()).updateServer(serverId, patch),
    'capture.removeServer': async ({ serverId }) => {
      await (await service()).removeServer(serverId);
      return { ok: true as const };
    },
    'capture.backfill': async ({ serverId }) => (await service()).backfill(serverId),
    'capture.cancelBackfill': async ({ serverId }) => ({
      stopping: (await service()).cancelBackfill(serverId),
    }),
    'capture.captured': async ({ limit, offset }) => (await service()).captured(limit, offset),
    'capture.review': async () => ({ items: (await service()).review() }),
    'capture.resolve': async ({ reviewId, choice }) => ({
      items: (await service()).resolve(reviewId, choice),
    }),
    'capture.simulatePlay': async (play) => {
      await (await service()).simulatePlay(play);
      return { ok: true as const };
    },
  };
}
