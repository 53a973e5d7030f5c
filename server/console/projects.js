import { useState } from './vendor/preact-hooks.mjs';
import { api, html } from './api.js';
import { Loading, Pager, Problem, SmallForm, Table, useAction, useLoad } from './ui.js';

function BotRow({ bot, onDeleted }) {
	const [confirming, setConfirming] = useState(false);
	const action = useAction();
	return html`<tr>
		<td>${bot.id}</td>
		<td>${bot.name}</td>
		<td>${bot.subscribers_count}</td>
		<td class="actions">
			${
				confirming
					? html`<button
								type="button"
								class="danger"
								onClick=${() => action.run(() => api('DELETE', `/bots/${bot.id}`), onDeleted)}
							>
								Confirm: delete ${bot.name}
							</button>
							<button type="button" onClick=${() => setConfirming(false)}>Keep</button>`
					: html`<button type="button" onClick=${() => setConfirming(true)}>Delete</button>`
			}
			<${Problem} error=${action.error} />
		</td>
	</tr>`;
}

function Bots({ project }) {
	const state = useLoad(() => api('GET', '/bots', { query: { project_uuid: project.uuid, per_page: 200 } }), [project.uuid]);
	return html`<section aria-label=${`Bots of ${project.name}`} class="panel">
		<h3>Bots of ${project.name}</h3>
		<${SmallForm}
			label="Create a bot"
			fields=${[['name', 'Name']]}
			submit="Create bot"
			send=${({ name }) => api('POST', '/bots', { body: { project_uuid: project.uuid, name } })}
			after=${state.reload}
		/>
		<${Loading} state=${state} />
		${
			state.data &&
			html`<${Table} head=${['ID', 'Name', 'Subscribers', 'Actions']}>
						${state.data.data.map((bot) => html`<${BotRow} key=${bot.id} bot=${bot} onDeleted=${state.reload} />`)}
					</${Table}>`
		}
	</section>`;
}

export function Projects() {
	const [page, setPage] = useState(1);
	const [open, setOpen] = useState(undefined);
	const state = useLoad(() => api('GET', '/projects', { query: { page } }), [page]);
	return html`<section aria-labelledby="projects-title">
		<h2 id="projects-title">Projects and bots</h2>
		<${SmallForm}
			label="Create a project"
			fields=${[
				['owner_id', 'Owner (user ID)'],
				['name', 'Name'],
			]}
			submit="Create project"
			send=${(body) => api('POST', '/projects', { body })}
			after=${state.reload}
		/>
		<${Loading} state=${state} />
		${
			state.data &&
			html`<${Table} head=${['Name', 'UUID', 'Owner', 'Members', 'Actions']}>
							${state.data.data.map(
								(project) =>
									html`<tr key=${project.uuid}>
										<td>${project.name}</td>
										<td><code>${project.uuid}</code></td>
										<td><code>${project.owner_id}</code></td>
										<td>${project.member_ids.map((id) => html`<code>${id}</code> `)}</td>
										<td class="actions">
											<button type="button" aria-pressed=${open?.uuid === project.uuid} onClick=${() => setOpen(project)}>
												Bots
											</button>
											<${SmallForm}
												label=${`Invite a member to ${project.name}`}
												fields=${[['user_id', 'User ID']]}
												submit="Invite"
												send=${(body) => api('POST', `/projects/${project.uuid}/members`, { body })}
												after=${state.reload}
											/>
										</td>
									</tr>`,
							)}
						</${Table}>
				<${Pager} meta=${state.data.meta} onPage=${setPage} />`
		}
		${open && html`<${Bots} key=${open.uuid} project=${open} />`}
	</section>`;
}
