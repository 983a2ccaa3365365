import { createLogger, type Logger } from '../log';

/** A logger that keeps lines in memory, for tests. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(
    createLogger((l) => lines.push(l), 'debug'),
    { lines },
  );
}
