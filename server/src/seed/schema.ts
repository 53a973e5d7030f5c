/**
 * What a seed file may hold (see the server README, "Seed file"). Contacts and lists are checked with the same
 * rules as `POST /admin/v1/contacts` and createListSchema; what refers to what (owners, projects, bots) is
 * checked here too, so an invalid file is refused before anything is written.
 */
import { z } from 'zod';
import { createContactInput, type CreateContactInput } from '../contract/contacts/inputs';
import { createListSchemaInput, listItemValues } from '../contract/lists/inputs';
import { MAX_BALANCE } from '../domain/contact-accounts/limits';
import { isActiveCurrency } from '../domain/currency';
import { API_KEY_SHAPE } from '../domain/access/api-keys';
import { describeIssue } from '../contract/kit/validation';
import { PLANS } from '../models/user';

const objectIdHex = () => z.string().regex(/^[0-9a-f]{24}$/i, { error: 'must be 24 hexadecimal digits' });
const name = () => z.string().trim().min(1).max(255);

const userEntry = z.strictObject({
	id: objectIdHex().optional(),
	name: name(),
	email: z.email().max(255),
	plan: z.enum(PLANS).default('pro'),
	api_key: z.string().regex(API_KEY_SHAPE, { error: 'must be 16 to 200 printable characters without spaces' }),
	blocked: z.boolean().default(false),
});

const projectEntry = z.strictObject({
	uuid: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, { error: 'must be 1 to 64 letters, digits or dashes' }),
	name: name(),
	owner: z.email().meta({ description: "The owner's email, one of `users`." }),
	members: z.array(z.email()).default([]),
});

const botEntry = z.strictObject({ project_uuid: z.string(), name: name() });

const accountEntry = z.strictObject({
	currency: z.string().refine(isActiveCurrency, { error: 'must be an active ISO 4217 code' }),
	balance: z.int().min(0).max(MAX_BALANCE).default(0),
	blocked: z.boolean().default(false),
});

/** Runs `schema` on `value` and reports its issues under the current path. */
function parsedWith<S extends z.ZodType>(schema: S, value: unknown, ctx: z.RefinementCtx): z.output<S> | typeof z.NEVER {
	const parsed = schema.safeParse(value, { error: (issue) => describeIssue(issue as z.core.$ZodIssue, 'en') });
	if (parsed.success) return parsed.data;
	for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
	return z.NEVER;
}

const contactEntry = z
	.looseObject({ accounts: z.array(accountEntry).default([]) })
	.transform((entry, ctx): { contact: CreateContactInput; accounts: z.output<typeof accountEntry>[] } => {
		const { accounts, ...fields } = entry;
		return { contact: parsedWith(createContactInput, fields, ctx), accounts };
	});

const listEntry = z
	.looseObject({
		id: objectIdHex().optional(),
		items: z.array(z.strictObject({ values: z.record(z.string(), z.unknown()) })).default([]),
	})
	.transform((entry, ctx) => {
		const { id, items, ...fields } = entry;
		const list = parsedWith(createListSchemaInput, fields, ctx);
		if (list === z.NEVER) return z.NEVER;
		const values = items.map((item, i) =>
			parsedWith(listItemValues(list.fields), item.values, nestedCtx(ctx, ['items', i, 'values'])),
		);
		return { id, list, items: values };
	});

/** A context that files issues under `prefix`. */
function nestedCtx(ctx: z.RefinementCtx, prefix: PropertyKey[]): z.RefinementCtx {
	return {
		...ctx,
		addIssue: (issue) => {
			if (typeof issue === 'string') ctx.addIssue({ code: 'custom', message: issue, path: prefix });
			else ctx.addIssue({ ...issue, path: [...prefix, ...(issue.path ?? [])] } as Parameters<typeof ctx.addIssue>[0]);
		},
	};
}

export const seedSchema = z
	.strictObject({
		users: z.array(userEntry).default([]),
		projects: z.array(projectEntry).default([]),
		bots: z.array(botEntry).default([]),
		contacts: z.array(contactEntry).default([]),
		lists: z.array(listEntry).default([]),
	})
	.superRefine((seed, ctx) => {
		const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
		const firstIndex =
			<T>(values: T[]) =>
			(value: T, i: number) =>
				values.indexOf(value) !== i;
		const emails = seed.users.map((user) => user.email.toLowerCase());
		seed.users.forEach((user, i) => {
			if (firstIndex(emails)(emails[i], i)) issue(['users', i, 'email'], 'is also the email of another user');
			if (seed.users.findIndex((other) => other.api_key === user.api_key) !== i)
				issue(['users', i, 'api_key'], 'is also the key of another user');
			if (user.id && seed.users.findIndex((other) => other.id?.toLowerCase() === user.id?.toLowerCase()) !== i) {
				issue(['users', i, 'id'], 'is also the id of another user');
			}
		});
		const uuids = seed.projects.map((project) => project.uuid);
		seed.projects.forEach((project, i) => {
			if (firstIndex(uuids)(project.uuid, i)) issue(['projects', i, 'uuid'], 'is also the uuid of another project');
			if (!emails.includes(project.owner.toLowerCase())) issue(['projects', i, 'owner'], 'is no email of `users`');
			project.members.forEach((member, m) => {
				if (!emails.includes(member.toLowerCase())) issue(['projects', i, 'members', m], 'is no email of `users`');
			});
		});
		seed.bots.forEach((bot, i) => {
			if (!uuids.includes(bot.project_uuid)) issue(['bots', i, 'project_uuid'], 'is no uuid of `projects`');
		});
		const botExists = (id: number) => Number.isInteger(id) && id >= 1 && id <= seed.bots.length;
		const botRange = `bots get IDs 1 to ${seed.bots.length} in file order`;
		seed.contacts.forEach((entry, i) => {
			if (!entry?.contact) return;
			if (!botExists(entry.contact.bot_id)) issue(['contacts', i, 'bot_id'], `is no bot of the seed (${botRange})`);
			const currencies = entry.accounts.map((account) => account.currency);
			entry.accounts.forEach((account, a) => {
				if (firstIndex(currencies)(account.currency, a))
					issue(['contacts', i, 'accounts', a, 'currency'], 'is taken: one account per currency');
			});
		});
		seed.lists.forEach((entry, i) => {
			if (!entry?.list) return;
			const { bot_id: botId, project_uuid: projectUuid } = entry.list;
			if (botId !== null && botId !== undefined) {
				if (!botExists(botId)) issue(['lists', i, 'bot_id'], `is no bot of the seed (${botRange})`);
			} else if (!uuids.includes(projectUuid as string)) issue(['lists', i, 'project_uuid'], 'is no uuid of `projects`');
		});
	});

export type Seed = z.output<typeof seedSchema>;
