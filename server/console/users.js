import { useState } from './vendor/preact-hooks.mjs';
import { api, html } from './api.js';
import { Loading, Pager, Problem, ShownOnce, Table, useAction, useLoad } from './ui.js';

function CreateUser({ onCreated }) {
	const action = useAction();
	const submit = (event) => {
		event.preventDefault();
		const form = event.currentTarget;
		const body = { name: form.elements.name.value, email: form.elements.email.value, plan: form.elements.plan.value };
		action.run(
			() => api('POST', '/users', { body }),
			(result) => {
				form.reset();
				onCreated(result.data);
			},
		);
	};
	return html`<form class="inline" onSubmit=${submit} aria-label="Create a user">
		<label>Name <input name="name" required maxlength="255" /></label>
		<label>E-mail <input name="email" type="email" required maxlength="255" /></label>
		<label
			>Plan
			<select name="plan">
				<option value="pro">pro</option>
				<option value="free">free</option>
			</select></label
		>
		<button type="submit" disabled=${action.busy}>Create user</button>
		<${Problem} error=${action.error} />
	</form>`;
}

function UserRow({ user, onChanged, onKey }) {
	const action = useAction();
	const update = (changes) => action.run(() => api('PATCH', `/users/${user.id}`, { body: changes }), onChanged);
	const regenerate = () =>
		action.run(
			() => api('POST', `/users/${user.id}/api-key`),
			(result) => onKey({ label: `New API key of ${user.email}.`, value: result.data.api_key }),
		);
	return html`<tr>
		<td><code>${user.id}</code></td>
		<td>${user.name}</td>
		<td>${user.email}</td>
		<td>
			<label class="visually-hidden" for=${`plan-${user.id}`}>Plan of ${user.email}</label>
			<select id=${`plan-${user.id}`} value=${user.plan} onChange=${(event) => update({ plan: event.currentTarget.value })}>
				<option value="pro">pro</option>
				<option value="free">free</option>
			</select>
		</td>
		<td>${user.blocked ? 'blocked' : 'active'}</td>
		<td class="actions">
			<button type="button" onClick=${() => update({ blocked: !user.blocked })}>${user.blocked ? 'Unblock' : 'Block'}</button>
			<button type="button" onClick=${regenerate}>Regenerate key</button>
			<${Problem} error=${action.error} />
		</td>
	</tr>`;
}

export function Users() {
	const [search, setSearch] = useState('');
	const [page, setPage] = useState(1);
	const [shown, setShown] = useState(undefined);
	const state = useLoad(() => api('GET', '/users', { query: { search, page } }), [search, page]);
	const find = (event) => {
		event.preventDefault();
		setPage(1);
		setSearch(event.currentTarget.elements.search.value);
	};
	return html`<section aria-labelledby="users-title">
		<h2 id="users-title">Users</h2>
		<${CreateUser}
			onCreated=${(user) => {
				setShown({ label: `API key of ${user.email}.`, value: user.api_key });
				state.reload();
			}}
		/>
		${shown && html`<${ShownOnce} ...${shown} onDone=${() => setShown(undefined)} />`}
		<form class="inline" role="search" onSubmit=${find}>
			<label>Find <input name="search" type="search" placeholder="name or e-mail" /></label>
			<button type="submit">Search</button>
		</form>
		<${Loading} state=${state} />
		${
			state.data &&
			html`<${Table} head=${['ID', 'Name', 'E-mail', 'Plan', 'State', 'Actions']}>
							${state.data.data.map((user) => html`<${UserRow} key=${user.id} user=${user} onChanged=${state.reload} onKey=${setShown} />`)}
						</${Table}>
				<${Pager} meta=${state.data.meta} onPage=${setPage} />`
		}
	</section>`;
}
