import type { ServerResponse } from 'node:http';
import type { ErrorCode } from '../../src-shared/ipc/errors';

/** Sends a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** A transport-level refusal, shaped like an IPC failure so the bridge can hand it to the page as is. */
export function sendFailure(
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  message: string,
): void {
  sendJson(res, status, { ok: false, error: { code, message } });
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
