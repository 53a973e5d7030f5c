/**
 * Contact Variable operations through n8n's engine against the real server (spec §11): set by name (made, then
 * changed), list, delete by name or ID, and the errors a workflow builder meets; in a node of version 3.1 (the
 * default, what a new node gets) and in nodes saved with versions 3 and 1.
 */
import { createUserWithBot, createContact } from '../../server/test/support/factories';
import { runNode } from './support/n8n-harness';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

const byId = (value: number) => ({ __rl: true, mode: 'id', value: String(value) });

test.each([3.1, 3])(
	'Set makes the variable, then changes it; Get Many lists the variables; Delete by name removes one (version %s)',
	async (typeVersion) => {
		const { user, bot } = await createUserWithBot(env.t);
		const contact = await createContact(env.t, bot);
		const credentials = env.credentials(user);
		const set = (value: string, additionalFields = {}) =>
			runNode({
				credentials,
				typeVersion,
				parameters: {
					resource: 'contactVariable',
					operation: 'set',
					contactId: byId(contact.id),
					variableName: 'plan',
					value,
					additionalFields,
				},
			});
		const made = await set('gold', { deletable: true });
		expect(made.error).toBeUndefined();
		expect(made.json).toEqual([{ id: 1, name: 'plan', value: 'gold', deletable: true, variable: { id: 1, name: 'plan' } }]);
		expect(env.proxy.calls('setContactVariable')[0].body).toEqual({
			contact_id: contact.id,
			name: 'plan',
			value: 'gold',
			deletable: true,
		});
		const changed = await set('silver');
		expect(changed.json).toEqual([{ id: 1, name: 'plan', value: 'silver', deletable: true, variable: { id: 1, name: 'plan' } }]);
		expect(env.proxy.calls('setContactVariable')[1].body).toEqual({ contact_id: contact.id, name: 'plan', value: 'silver' });
		await set('Kazan');
		const listed = await runNode({
			credentials,
			typeVersion,
			parameters: { resource: 'contactVariable', operation: 'getAll', contactId: byId(contact.id) },
		});
		expect(listed.json.map((variable) => [variable.id, variable.name, variable.value])).toEqual([[1, 'plan', 'Kazan']]);
		const deleted = await runNode({
			credentials,
			typeVersion,
			parameters: {
				resource: 'contactVariable',
				operation: 'delete',
				contactId: byId(contact.id),
				variableBy: 'name',
				variableName: 'plan',
			},
		});
		expect(deleted.json).toEqual([{ deleted: true }]);
	},
);

test('Delete by ID (version 1 number fields); a variable the contact lacks is a 404 that names the variable, a missing contact one that names the contact', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { variables: [{ name: 'city', value: 'Oslo' }] });
	const parameters = {
		resource: 'contactVariable',
		operation: 'delete',
		contactId: contact.id,
		variableBy: 'id',
		variableId: '1',
	};
	const deleted = await runNode({ credentials: env.credentials(user), parameters });
	expect(deleted.error).toBeUndefined();
	expect(deleted.json).toEqual([{ deleted: true }]);
	const again = await runNode({ credentials: env.credentials(user), parameters });
	// The contact exists: the message names the variable, not the contact.
	expect(again.error).toMatchObject({ httpCode: '404', message: 'Contact variable not found: check the Name or Variable ID' });
	const noContact = await runNode({ credentials: env.credentials(user), parameters: { ...parameters, contactId: 999_999_999 } });
	expect(noContact.error).toMatchObject({ httpCode: '404', message: 'Contact not found: check the Contact ID' });
});

test('errors (3.1): an empty name stops before any request; another user’s contact is refused', async () => {
	const { user } = await createUserWithBot(env.t);
	const { bot: strangerBot } = await createUserWithBot(env.t);
	const strangers = await createContact(env.t, strangerBot);
	const credentials = env.credentials(user);
	const empty = await runNode({
		credentials,
		typeVersion: 3.1,
		parameters: { resource: 'contactVariable', operation: 'set', contactId: byId(strangers.id), variableName: ' ', value: 'v' },
	});
	expect(empty.error?.message).toBe('Name is empty');
	expect(env.proxy.calls('setContactVariable')).toEqual([]);
	const foreign = await runNode({
		credentials,
		typeVersion: 3.1,
		parameters: { resource: 'contactVariable', operation: 'getAll', contactId: byId(strangers.id) },
	});
	expect(foreign.error).toMatchObject({ httpCode: '403' });
});
