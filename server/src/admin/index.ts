/** `/admin/v1`: provisioning of what the spec leaves to the dashboard (users, keys, projects, bots, ...). */
import { Router } from 'express';
import type { Config } from '../config';
import type { AuthThrottle } from '../domain/access/admin-token-throttle';
import { adminAuth } from './admin-auth';
import { auditRoutes } from './audit';
import { botRoutes } from './bots';
import { contactAccountRoutes } from './contact-accounts';
import { contactRoutes } from './contacts';
import { deprecationRoutes } from './deprecations';
import { listRoutes } from './lists';
import { overviewRoutes } from './overview';
import { projectRoutes } from './projects';
import { mountAdminRoutes, type AdminDeps, type AdminRoute } from './route';
import { testDoubleRoutes } from '../test-double/admin-routes';
import { userRoutes } from './users';

export interface AdminArea {
	name: string;
	description: string;
	routes: readonly AdminRoute[];
}

/** Every admin route, by area; the areas are sections of the API reference. */
export const adminAreas: readonly AdminArea[] = [
	{ name: 'Admin: overview', description: 'The server at a glance, as the console shows it.', routes: overviewRoutes },
	{ name: 'Admin: users', description: 'Users of the platform and their API keys.', routes: userRoutes },
	{ name: 'Admin: projects', description: 'Projects and team-member invitations.', routes: projectRoutes },
	{ name: 'Admin: bots', description: 'Bots of a project.', routes: botRoutes },
	{ name: 'Admin: contacts', description: 'Contacts, as messengers bring them to the platform.', routes: contactRoutes },
	{
		name: 'Admin: contact accounts',
		description: 'Blocking contact accounts, and their journals.',
		routes: contactAccountRoutes,
	},
	{ name: 'Admin: list records', description: 'Records of lists (the spec shows no record method).', routes: listRoutes },
	{ name: 'Admin: deprecations', description: 'Deprecating API methods with a sunset date (§9).', routes: deprecationRoutes },
	{
		name: 'Admin: test double',
		description:
			'Faults on purpose, the log of what clients sent, and reset to the seed; on with `TEST_DOUBLE=1` or `SEED_FILE`, ' +
			"in this process's memory.",
		routes: testDoubleRoutes,
	},
	{
		name: 'Admin: audit trail',
		description: 'Every change made through the admin API or the console: what, to which object, when, from which address.',
		routes: auditRoutes,
	},
];

export const adminRoutes: readonly AdminRoute[] = adminAreas.flatMap((area) => area.routes);

export interface AdminRouterDeps extends AdminDeps {
	config: Config;
	authThrottle: AuthThrottle;
}

export function adminRouter({ config, authThrottle, ...deps }: AdminRouterDeps): Router {
	const router = Router();
	router.use(adminAuth(config.adminToken, authThrottle));
	router.use(mountAdminRoutes(adminRoutes, deps));
	return router;
}
