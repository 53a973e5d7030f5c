/** Every area's start-up work, in the order it runs (see `database/startup-task.ts`). */
import type { StartupTask } from '../database/startup-task';
import { journalRecovery } from './contact-accounts/journal';
import { fieldDeletionRecovery } from './lists/field-deletion';
import { listSlotRecovery } from './lists/list-slots';

export const startupTasks: readonly StartupTask[] = [journalRecovery, listSlotRecovery, fieldDeletionRecovery];
