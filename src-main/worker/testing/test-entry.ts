import { heavyJobs } from '../jobs';
import { serveJobs } from '../serve';
import { testJobs } from './test-jobs';

// The worker of the runner's tests: the product's jobs and the tests' own.
serveJobs({ ...heavyJobs, ...testJobs });
