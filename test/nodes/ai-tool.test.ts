/**
 * The node as an AI Agent's tool (`usableAsTool`), run with n8n-core's tool machinery (`support/agent-tool.ts`):
 * parameters filled by `$fromAI()` in the new resources, at the default version 3.1.
 */
import type { IDataObject } from 'n8n-workflow';
import { createContact, createUserWithBot } from '../../server/test/support/factories';
import { runAsAgentTool } from './support/agent-tool';
import { useNodeTestEnv } from './support/setup';

const env = useNodeTestEnv();

test('Tag → Add to Contact: the contact and the tag name come from the model, through the pickers’ By ID and By Name', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot, { tags: ['warm'] });
	const result = await runAsAgentTool({
		credentials: env.credentials(user),
		typeVersion: 3.1,
		parameters: {
			resource: 'tag',
			operation: 'addToContact',
			contactId: { __rl: true, mode: 'id', value: "={{ $fromAI('contact_id', 'The contact’s numeric ID', 'number') }}" },
			tag: { __rl: true, mode: 'name', value: "={{ $fromAI('tag', 'The tag name to add', 'string') }}" },
		},
		args: { contact_id: contact.id, tag: 'vip' },
	});
	expect(result).toMatchObject({ arguments: ['contact_id', 'tag'], response: [{ attached: true }] });
	expect(env.proxy.calls('attachTagToContact').map((call) => call.body)).toEqual([{ contact_id: contact.id, name: 'vip' }]);
});

test('Contact Variable → Set: name and value from the model; a refusal reaches the model as the node’s message', async () => {
	const { user, bot } = await createUserWithBot(env.t);
	const contact = await createContact(env.t, bot);
	const set = (args: IDataObject) =>
		runAsAgentTool({
			credentials: env.credentials(user),
			typeVersion: 3.1,
			parameters: {
				resource: 'contactVariable',
				operation: 'set',
				contactId: { __rl: true, mode: 'id', value: String(contact.id) },
				variableName: "={{ $fromAI('name', 'The variable name', 'string') }}",
				value: "={{ $fromAI('value', 'The value to store', 'string') }}",
			},
			args,
		});
	const made = await set({ name: 'city', value: 'Kazan' });
	expect(made).toMatchObject({ arguments: ['name', 'value'], response: [{ name: 'city', value: 'Kazan' }] });
	const refused = await set({ name: 'n'.repeat(256), value: 'x' });
	expect(refused.thrown).toMatch(/^Invalid input: The name field must not be greater than 255 characters/);
});
