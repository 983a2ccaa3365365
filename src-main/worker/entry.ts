import { heavyJobs } from './jobs';
import { serveJobs } from './serve';

// The worker thread's script: electron-vite's main build emits it as out/main/worker.js, beside
// the main bundle (electron.vite.config.ts), and the shell hands its path to the core.
serveJobs(heavyJobs);
