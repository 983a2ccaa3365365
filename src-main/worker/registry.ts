import type { Databases } from '../db/databases';

/** A worker's own connections to the same files the main process has open (WAL). */
export interface JobContext {
  cache: Databases['cache'];
  library: NonNullable<Databases['library']>;
}

/** What a job is handed besides its input. */
export interface JobControl {
  /**
   * Throws once the main process asked the job to stop (a shared flag, so a job that never yields
   * sees it too); call it between chunks. Every job begins with one.
   */
  checkpoint(): void;
  /** Reports progress to the caller's `onProgress`. */
  progress(done: number, total: number): void;
  /**
   * Runs `fn` as one transaction of the library: a job's writes are all there or none are, even
   * when the worker dies half-way (SQLite rolls the open transaction back).
   */
  write<T>(fn: () => T): T;
  /**
   * Asks the main process what only it can answer (its caller's `RunOptions.answer`); an error
   * there comes back as a coded error with its code and words.
   */
  ask(question: unknown): Promise<unknown>;
}

/** One kind of job: plain data in, plain (structured-clone) data out. */
export type JobFn<I, O> = (context: JobContext, input: I, control: JobControl) => O | Promise<O>;

/** The job kinds a worker runs, by name. */
export type JobRegistry = Record<string, JobFn<never, unknown>>;

export type JobInput<R extends JobRegistry, K extends keyof R> = Parameters<R[K]>[1];
export type JobOutput<R extends JobRegistry, K extends keyof R> = Awaited<ReturnType<R[K]>>;
