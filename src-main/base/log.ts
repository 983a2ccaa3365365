import { redactValue } from '../../src-shared/redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/** A structured logger; every field passes through the one redaction function before it is written. */
export function createLogger(write: (line: string) => void, minLevel: LogLevel = 'info'): Logger {
  const order: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
  const emit = (level: LogLevel, event: string, fields?: Record<string, unknown>): void => {
    if (order[level] < order[minLevel]) return;
    const record = {
      t: new Date().toISOString(),
      level,
      event,
      ...(fields ? (redactValue(fields) as object) : {}),
    };
    write(JSON.stringify(record));
  };
  return {
    debug: (e, f) => {
      emit('debug', e, f);
    },
    info: (e, f) => {
      emit('info', e, f);
    },
    warn: (e, f) => {
      emit('warn', e, f);
    },
    error: (e, f) => {
      emit('error', e, f);
    },
  };
}

export const silentLogger: Logger = createLogger(() => undefined, 'error');
