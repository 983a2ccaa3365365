import { createApplying } from './job-apply';
import { createJobContext, type ImportJobs, type ImportJobsDeps } from './job-context';
import { createJobLifecycle } from './job-lifecycle';
import { createPresence } from './job-presence';
import { createJobViews } from './job-views';

/**
 * The import jobs, put together from their parts: a staged source is read and matched into a job
 * stored in the library (job-lifecycle, job-matching), previewed with what is already there
 * (job-views, job-presence), resolved, and applied in whole chunks, resumed or rolled back after
 * a crash (job-apply). job-context holds what the parts share.
 */

export type { ImportJobs, ImportJobsDeps } from './job-context';

export function createImportJobs(deps: ImportJobsDeps): ImportJobs {
  const ctx = createJobContext(deps);
  const presence = createPresence(ctx);
  const views = createJobViews(ctx, presence);
  const lifecycle = createJobLifecycle(ctx, createApplying(ctx, presence), views.job);
  return { ...lifecycle, job: views.job, jobs: views.jobs };
}
