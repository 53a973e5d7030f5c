/** Every area's start-up work, in the order it runs (see `database/startup-task.ts`). */
import type { StartupTask } from '../database/startup-task';
import { contactAccountOwnersBackfill } from './contact-accounts/contact-account-owners';
import { journalRecovery } from './contact-accounts/journal';
import { fieldDeletionRecovery } from './lists/field-deletion';
import { listIdsBackfill } from './lists/list-ids-backfill';
import { deletedBotsRecovery } from './contacts/delete-bot';

export const startupTasks: readonly StartupTask[] = [
	contactAccountOwnersBackfill,
	journalRecovery,
	deletedBotsRecovery,
	listIdsBackfill,
	fieldDeletionRecovery,
];
