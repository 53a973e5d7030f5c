import { useState } from './vendor/preact-hooks.mjs';
import { api, exportUrl, html } from './api.js';
import { Loading, Pager, Table, useLoad, when } from './ui.js';

export function Audit() {
	const [page, setPage] = useState(1);
	const state = useLoad(() => api('GET', '/audit', { query: { page } }), [page]);
	return html`<section aria-labelledby="audit-title">
		<h2 id="audit-title">Audit trail</h2>
		<p>
			Every change made through the admin API or this console, newest first. Export:
			<a href=${exportUrl('csv')} download>CSV</a>, <a href=${exportUrl('ndjson')} download>NDJSON</a>.
			<button type="button" onClick=${state.reload}>Refresh</button>
		</p>
		<${Loading} state=${state} />
		${
			state.data &&
			html`<${Table} head=${['When', 'Action', 'Object', 'From', 'Via']} testid="audit">
							${state.data.data.map(
								(entry) =>
									html`<tr key=${entry.id}>
										<td>${when(entry.at)}</td>
										<td>${entry.action}</td>
										<td>${entry.target_type} ${entry.target_id ?? ''}</td>
										<td>${entry.remote_addr ?? '—'}</td>
										<td>${entry.via}</td>
									</tr>`,
							)}
						</${Table}>
				<${Pager} meta=${state.data.meta} onPage=${setPage} />`
		}
	</section>`;
}
