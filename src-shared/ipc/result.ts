import type { IpcError } from './errors';

/** Every IPC call resolves to one of these; it never rejects. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function ok<T>(value: T): IpcResult<T> {
  return { ok: true, value };
}

export function fail(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}
