/** `/admin/v1`: provisioning of what the spec leaves to the dashboard (accounts, keys, projects, bots, ...). */
import { Router } from 'express';
import type { Config } from '../config';
import type { Models } from '../models';
import { adminAuth } from './admin-auth';
import { botsAdmin } from './bots';
import { contactAccountsAdmin } from './contact-accounts';
import { contactsAdmin } from './contacts';
import { deprecationsAdmin } from './deprecations';
import { listsAdmin } from './lists';
import { projectsAdmin } from './projects';
import { usersAdmin } from './users';

export function adminRouter(config: Config, models: Models, methodNames: ReadonlySet<string>): Router {
	const router = Router();
	router.use(adminAuth(config.adminToken));
	router.use(usersAdmin(models));
	router.use(projectsAdmin(models));
	router.use(botsAdmin(models));
	router.use(deprecationsAdmin(models, methodNames));
	router.use(listsAdmin(models));
	router.use(contactsAdmin(models));
	router.use(contactAccountsAdmin(models));
	return router;
}
