import { useState } from './vendor/preact-hooks.mjs';
import { api, html } from './api.js';
import { Json, Loading, Pager, Problem, Table, useAction, useLoad } from './ui.js';

function Items({ list }) {
	const state = useLoad(() => api('GET', `/lists/${list.id}/items`), [list.id]);
	const action = useAction();
	const add = (event) => {
		event.preventDefault();
		const form = event.currentTarget;
		action.run(
			async () => api('POST', `/lists/${list.id}/items`, { body: { values: JSON.parse(form.elements.values.value) } }),
			() => {
				form.reset();
				state.reload();
			},
		);
	};
	return html`<div class="panel">
		<h4>Records of ${list.name}</h4>
		<${Loading} state=${state} />
		${
			state.data &&
			(state.data.data.length
				? html`<ol class="items">
						${state.data.data.map((item) => html`<li key=${item.id}><${Json} value=${item.values} /></li>`)}
					</ol>`
				: html`<p>No records.</p>`)
		}
		<form onSubmit=${add} aria-label=${`Add a record to ${list.name}`}>
			<label
				>Values (JSON, slug to value)
				<textarea name="values" rows="3" required defaultValue="{}"></textarea>
			</label>
			<button type="submit" disabled=${action.busy}>Add record</button>
			<${Problem} error=${action.error} />
		</form>
	</div>`;
}

export function Lists() {
	const [page, setPage] = useState(1);
	const [open, setOpen] = useState(undefined);
	const state = useLoad(() => api('GET', '/lists', { query: { page } }), [page]);
	return html`<section aria-labelledby="lists-title">
		<h2 id="lists-title">Lists</h2>
		<${Loading} state=${state} />
		${
			state.data &&
			html`${state.data.data.length === 0 && html`<p>No lists yet.</p>`}
				${state.data.data.map(
					(list) =>
						html`<article class="panel" key=${list.id}>
							<h3>
								${list.name}
								<small
									><code>${list.id}</code>, project
									<code>${list.project_uuid}</code>${list.bot_id !== null ? `, bot ${list.bot_id}` : ''}</small
								>
							</h3>
							<${Table} head=${['Slug', 'Name', 'Type', 'Required', 'Hidden', 'Encryptable']}>
										${list.fields.map(
											(field) =>
												html`<tr key=${field.slug}>
													<td><code>${field.slug}</code></td>
													<td>${field.name}</td>
													<td>${field.type}${field.currency ? ` (${field.currency})` : ''}</td>
													<td>${field.is_required ? 'yes' : 'no'}</td>
													<td>${field.is_hidden ? 'yes' : 'no'}</td>
													<td>${field.is_encryptable ? 'yes' : 'no'}</td>
												</tr>`,
										)}
									</${Table}>
							<button
								type="button"
								aria-expanded=${open === list.id}
								onClick=${() => setOpen(open === list.id ? undefined : list.id)}
							>
								Records (${list.items_count})
							</button>
							${open === list.id && html`<${Items} list=${list} />`}
						</article>`,
				)} <${Pager} meta=${state.data.meta} onPage=${setPage} />`
		}
	</section>`;
}
