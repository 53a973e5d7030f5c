import { useState } from './vendor/preact-hooks.mjs';
import { api, html } from './api.js';
import { BalanceChart } from './charts.js';
import { Loading, Pager, Problem, Table, useAction, useLoad, when } from './ui.js';

/** The contact's own fields (§2.4), in the order the API gives them; tags and variables get tables of their own. */
const shown = (value) =>
	value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

function Journal({ contactAccount }) {
	const state = useLoad(() => api('GET', `/contact-accounts/${contactAccount.id}/journal`), [contactAccount.id]);
	if (!state.data) return html`<${Loading} state=${state} />`;
	const entries = state.data.data;
	return html`<div class="journal">
		<h5>Journal of the ${contactAccount.currency} contact account</h5>
		<${BalanceChart} entries=${entries} currency=${contactAccount.currency} />
		<${Table} head=${['When', 'Operation', 'Amount (minor units)', 'Description']}>
					${entries.map(
						(entry) =>
							html`<tr key=${entry.id}>
								<td>${when(entry.created_at)}</td>
								<td>${entry.operation}</td>
								<td class="number">${entry.amount}</td>
								<td>${entry.description}</td>
							</tr>`,
					)}
				</${Table}>
	</div>`;
}

function ContactAccount({ contactAccount, onChanged }) {
	const action = useAction();
	const [journal, setJournal] = useState(false);
	const blocked = contactAccount.blocked_at !== null;
	const toggle = () =>
		action.run(() => api('POST', `/contact-accounts/${contactAccount.id}/${blocked ? 'unblock' : 'block'}`), onChanged);
	return html`<li class="contact-account" data-testid=${`contact-account-${contactAccount.id}`}>
		<p>
			<strong>${contactAccount.amount_note}</strong> (contact account ${contactAccount.id})
			<span class=${blocked ? 'bad' : 'ok'}>${blocked ? `blocked since ${when(contactAccount.blocked_at)}` : 'not blocked'}</span>
		</p>
		<button type="button" onClick=${toggle} disabled=${action.busy}>${blocked ? 'Unblock' : 'Block'}</button>
		<button type="button" aria-expanded=${journal} onClick=${() => setJournal(!journal)}>Journal</button>
		<${Problem} error=${action.error} />
		${journal && html`<${Journal} contactAccount=${contactAccount} />`}
	</li>`;
}

function ContactCard({ id, onClose }) {
	const state = useLoad(() => api('GET', `/contacts/${id}`), [id]);
	if (!state.data) return html`<${Loading} state=${state} />`;
	const { contact, accounts: contactAccounts, is_preview: preview } = state.data.data;
	const { tags, variables, ...fields } = contact;
	return html`<article class="panel card" aria-labelledby="card-title">
		<h3 id="card-title">${contact.name} <small>contact ${contact.id}${preview ? ', preview' : ''}</small></h3>
		<button type="button" onClick=${onClose}>Close</button>
		<dl class="facts">
			${Object.entries(fields).map(
				([key, value]) =>
					html`<dt>${key}</dt>
						<dd>${shown(value)}</dd>`,
			)}
		</dl>
		<h4>Tags</h4>
		<p>${tags.length ? tags.map((tag) => html`<span class="tag">${tag}</span> `) : 'none'}</p>
		<h4>Variables</h4>
		${
			variables.length
				? html`<${Table} head=${['ID', 'Name', 'Value', 'Type', 'Schema']}>
								${variables.map(
									(variable) =>
										html`<tr key=${variable.id}>
											<td>${variable.id}</td>
											<td>${variable.name}</td>
											<td>${shown(variable.value)}</td>
											<td>${variable.type}</td>
											<td>${shown(variable.schema_id)}</td>
										</tr>`,
								)}
							</${Table}>`
				: html`<p>none</p>`
		}
		<h4>Contact accounts</h4>
		${
			contactAccounts.length
				? html`<ul class="contact-accounts">
						${contactAccounts.map(
							(contactAccount) =>
								html`<${ContactAccount} key=${contactAccount.id} contactAccount=${contactAccount} onChanged=${state.reload} />`,
						)}
					</ul>`
				: html`<p>none</p>`
		}
	</article>`;
}

export function Contacts() {
	const [filter, setFilter] = useState({ bot_id: '', search: '' });
	const [page, setPage] = useState(1);
	const [open, setOpen] = useState(undefined);
	const state = useLoad(() => api('GET', '/contacts', { query: { ...filter, page } }), [filter.bot_id, filter.search, page]);
	const find = (event) => {
		event.preventDefault();
		const { bot_id: bot, search } = event.currentTarget.elements;
		setPage(1);
		setFilter({ bot_id: bot.value, search: search.value });
	};
	return html`<section aria-labelledby="contacts-title">
		<h2 id="contacts-title">Contacts</h2>
		<form class="inline" role="search" onSubmit=${find}>
			<label>Bot ID <input name="bot_id" inputmode="numeric" pattern="[0-9]*" size="8" /></label>
			<label>Name, phone or messenger ID <input name="search" type="search" /></label>
			<button type="submit">Find</button>
		</form>
		<${Loading} state=${state} />
		${
			state.data &&
			html`<${Table} head=${['ID', 'Name', 'Bot', 'Messenger', 'Phone', '']}>
							${state.data.data.map(
								(contact) =>
									html`<tr key=${contact.id}>
										<td>${contact.id}</td>
										<td>${contact.name}</td>
										<td>${contact.bot_id}</td>
										<td>${contact.messenger}</td>
										<td>${shown(contact.phone)}</td>
										<td><button type="button" onClick=${() => setOpen(contact.id)}>Open card of ${contact.name}</button></td>
									</tr>`,
							)}
						</${Table}>
				<${Pager} meta=${state.data.meta} onPage=${setPage} />`
		}
		${open !== undefined && html`<${ContactCard} key=${open} id=${open} onClose=${() => setOpen(undefined)} />`}
	</section>`;
}
