/** Every collection of the service, bound to one connection. Each area adds its models here. */
import type { Connection } from 'mongoose';
import { contactAccountJournalEntryModel } from './contact-account-journal-entry';
import { auditEntryModel } from './audit-entry';
import { botModel } from './bot';
import { botTagsModel } from './bot-tags';
import { consoleSessionModel } from './console-session';
import { contactModel } from './contact';
import { contactAccountModel } from './contact-account';
import { counterModel } from './counter';
import { deprecationModel } from './deprecation';
import { listModel } from './list';
import { listItemModel } from './list-item';
import { projectModel } from './project';
import { userModel } from './user';

export function createModels(db: Connection) {
	return {
		users: userModel(db),
		projects: projectModel(db),
		bots: botModel(db),
		botTags: botTagsModel(db),
		counters: counterModel(db),
		deprecations: deprecationModel(db),
		contacts: contactModel(db),
		lists: listModel(db),
		listItems: listItemModel(db),
		contactAccounts: contactAccountModel(db),
		contactAccountJournal: contactAccountJournalEntryModel(db),
		auditEntries: auditEntryModel(db),
		consoleSessions: consoleSessionModel(db),
	};
}

export type Models = ReturnType<typeof createModels>;
