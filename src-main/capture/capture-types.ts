import type { z } from 'zod';
import type { backfillProgress } from '../../src-shared/ipc/contract/capture';

export type BackfillProgressView = z.infer<typeof backfillProgress>;
