import type { z } from 'zod';
import { isChannelName, type ChannelName } from '../../src-shared/ipc/channels';
import { contract, type ChannelOutput, type Contract } from '../../src-shared/ipc/contract';
import { isErrorCode, type IpcError } from '../../src-shared/ipc/errors';
import type { IpcResult } from '../../src-shared/ipc/result';
import { redact } from '../../src-shared/redact';
import type { Logger } from '../core/log';

/** A handler receives its channel's parsed input. */
export type Handlers = {
  [C in ChannelName]: (
    input: z.output<Contract[C]['input']>,
  ) => Promise<ChannelOutput<C>> | ChannelOutput<C>;
};

/** Who is calling: the transport (Electron's ipcMain or the harness bridge) decides trust. */
export interface SenderCheck {
  trusted: boolean;
  /** For the log: where the call came from (never contains a secret). */
  origin: string;
}

export type Dispatch = (
  channel: unknown,
  input: unknown,
  sender: SenderCheck,
) => Promise<IpcResult<unknown>>;

/**
 * The one guard every IPC call passes through: it checks the sender, rejects channels outside the
 * contract, parses the input with the channel's schema and turns every outcome into data. It never
 * throws and never rejects.
 */
export function createDispatch(handlers: Handlers, log: Logger): Dispatch {
  return async (channel, input, sender) => {
    if (!sender.trusted) {
      log.warn('ipc.rejected_sender', { origin: sender.origin, channel: String(channel) });
      return failure({ code: 'forbidden', message: 'This caller may not use Marquee’s API.' });
    }
    if (!isChannelName(channel)) {
      log.warn('ipc.unknown_channel', { channel: String(channel).slice(0, 80) });
      return failure({
        code: 'unknown_channel',
        message: `Unknown channel: ${redact(String(channel).slice(0, 80))}`,
      });
    }
    const schema = contract[channel].input;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
      return failure({
        code: 'invalid_input',
        message: redact(`Invalid input for ${channel}${where}: ${first?.message ?? 'rejected'}`),
      });
    }
    try {
      const handler = handlers[channel] as (input: unknown) => unknown;
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      return failure(toIpcError(error, channel, log));
    }
  };
}

function failure(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

/** Maps anything thrown by a handler to an IPC error; unknown failures become `internal`. */
export function toIpcError(error: unknown, channel: string, log: Logger): IpcError {
  if (error !== null && typeof error === 'object' && 'code' in error && isErrorCode(error.code)) {
    const message =
      'message' in error && typeof error.message === 'string' ? error.message : error.code;
    const tmdbStatus =
      'tmdbStatus' in error && typeof error.tmdbStatus === 'number' ? error.tmdbStatus : undefined;
    return tmdbStatus === undefined
      ? { code: error.code, message: redact(message) }
      : { code: error.code, message: redact(message), tmdbStatus };
  }
  log.error('ipc.handler_failed', { channel, error });
  return {
    code: 'internal',
    message: 'Something went wrong inside Marquee. The details are in the log.',
  };
}
