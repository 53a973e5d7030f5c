/** What the contact variable tests share: the variables as the API and the contact object show them. */
import { type TestUser } from '../../support/factories';

export const variablesOf = async (owner: TestUser, contactId: number) => {
	const res = await owner.api.call('getContactVariables', { contact_id: contactId });
	expect(res.status).toBe(200);
	return res.data.data;
};

/** The contact object's `variables` (§2.4), as getContacts exports it. */
export const contactVariablesOf = async (owner: TestUser, botId: number, contactId: number) => {
	const res = await owner.api.call('getContacts', { bot_id: botId, offset: 0, limit: 100 });
	return res.data.data.find((contact: { id: number }) => contact.id === contactId).variables;
};

export const item = (id: number, name: string, value: string | null, deletable = false) => ({
	id,
	name,
	value,
	deletable,
	variable: { id, name },
});
