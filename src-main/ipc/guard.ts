import { isChannelName, type ChannelName } from '../../src-shared/ipc/channels';
import { contract } from '../../src-shared/ipc/contract';
import { isErrorCode, type IpcError } from '../../src-shared/ipc/errors';
import type { HandlersFor } from '../../src-shared/ipc/handlers';
import type { IpcResult } from '../../src-shared/ipc/result';
import { redact, redactAndCut } from '../../src-shared/redact';
import type { Logger } from '../base/log';
import { classifyStorageError, DAMAGED_MESSAGE, toStorageError } from '../db/storage-errors';

/**
 * The whole handler map: a handler receives its channel's parsed input. Main builds it one
 * domain at a time (src-main/ipc/handlers), each part a `HandlersFor<ThatDomainsChannel>`.
 */
export type Handlers = HandlersFor<ChannelName>;

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
export interface DispatchOptions {
  /** Hears each call that met damage on the disk (SQLITE_CORRUPT), after it was answered. */
  onDamage?: () => void;
  /** Awaited before the handler of a valid call runs (the library's write turn, for writes). */
  before?: (channel: ChannelName) => Promise<void> | undefined;
}

/** Damage met by a read: SQLite's own error, or the plain one a domain turned it into. */
const isDamage = (error: unknown): boolean =>
  classifyStorageError(error) === 'corrupt' ||
  (error instanceof Error && error.message === DAMAGED_MESSAGE);

export function createDispatch(
  handlers: Handlers,
  log: Logger,
  options: DispatchOptions = {},
): Dispatch {
  const guarded: Dispatch = async (channel, input, sender) => {
    if (!sender.trusted) {
      log.warn('ipc.rejected_sender', { origin: sender.origin, channel: describeChannel(channel) });
      return failure({ code: 'forbidden', message: 'This caller may not use Marquee’s API.' });
    }
    if (!isChannelName(channel)) {
      const shown = describeChannel(channel);
      log.warn('ipc.unknown_channel', { channel: shown });
      return failure({ code: 'unknown_channel', message: `Unknown channel: ${shown}` });
    }
    const parsed = parseInput(channel, input);
    if (!parsed.ok) return failure({ code: 'invalid_input', message: parsed.message });
    try {
      const handler = handlers[channel] as (input: unknown) => unknown;
      await options.before?.(channel);
      const value = await handler(parsed.data);
      return { ok: true, value };
    } catch (error) {
      if (options.onDamage && isDamage(error)) options.onDamage();
      return failure(toIpcError(error, channel, log));
    }
  };
  // The last line of defence: whatever slipped past the checks above (a logger choking on a hostile
  // value, a handler's error object with throwing getters) still comes back as data.
  return async (channel, input, sender) => {
    try {
      return await guarded(channel, input, sender);
    } catch {
      return failure({
        code: 'internal',
        message: 'Something went wrong inside Marquee. The details are in the log.',
      });
    }
  };
}

/** Longest channel name shown in a log line or an error; real names are far shorter. */
const SHOWN_CHANNEL_CHARS = 80;

/**
 * A channel as text for a log or an error, for ANY value: only strings are shown (redacted first,
 * then cut, so the cut cannot leave a fragment of a secret the patterns no longer recognise); other
 * values are named by `typeof` alone, because `String(value)` runs the caller's code
 * (`{toString: 1}` throws, an array nested 200,000 deep overflows the stack, a proxy traps).
 */
export function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `(not a string: ${typeof channel})`;
  return redactAndCut(channel, SHOWN_CHANNEL_CHARS);
}

type Parsed = { ok: true; data: unknown } | { ok: false; message: string };

/**
 * Parses a call's input with its channel's schema. Reading a hostile value can throw anywhere
 * (a proxy's traps, a getter, a cycle in a custom check), and so can formatting the issue, so any
 * exception is an invalid input too, named without reading the value again.
 */
function parseInput(channel: ChannelName, input: unknown): Parsed {
  try {
    const parsed = contract[channel].input.safeParse(input);
    if (parsed.success) return { ok: true, data: parsed.data };
    const first = parsed.error.issues[0];
    // Path parts are strings, numbers or symbols; `String` names a symbol without throwing.
    const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
    const text = typeof first?.message === 'string' ? first.message : 'rejected';
    return { ok: false, message: redact(`Invalid input for ${channel}${where}: ${text}`) };
  } catch {
    return { ok: false, message: `Invalid input for ${channel}: it could not be read.` };
  }
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
  // A full disk or damage met by a read is said in plain words, not as an unexplained failure.
  const storage = toStorageError(error);
  if (storage !== error) return toIpcError(storage, channel, log);
  return {
    code: 'internal',
    message: 'Something went wrong inside Marquee. The details are in the log.',
  };
}
