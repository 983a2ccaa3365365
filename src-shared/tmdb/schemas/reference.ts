import { z } from 'zod';

/** A country from GET /3/configuration/countries. */
export const country = z.looseObject({
  english_name: z.string(),
  iso_3166_1: z.string(),
  /** Absent in some recorded responses (older shape). */
  native_name: z.string().optional(),
});
export type Country = z.infer<typeof country>;

/** A crew department with its jobs, from GET /3/configuration/jobs. */
export const departmentJobs = z.looseObject({
  department: z.string(),
  jobs: z.array(z.string()),
});
export type DepartmentJobs = z.infer<typeof departmentJobs>;
