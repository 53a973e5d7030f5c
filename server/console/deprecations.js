import { api, html } from './api.js';
import { Loading, Problem, Table, useAction, useLoad, when } from './ui.js';

export function Deprecations() {
	const state = useLoad(() => api('GET', '/deprecations'), []);
	const action = useAction();
	const set = (event) => {
		event.preventDefault();
		const form = event.currentTarget;
		const method = form.elements.method.value.trim();
		const sunset = new Date(form.elements.sunset.value).toISOString();
		action.run(
			() => api('PUT', `/deprecations/${encodeURIComponent(method)}`, { body: { sunset } }),
			() => {
				form.reset();
				state.reload();
			},
		);
	};
	const clear = (method) => action.run(() => api('DELETE', `/deprecations/${encodeURIComponent(method)}`), state.reload);
	return html`<section aria-labelledby="deprecations-title">
		<h2 id="deprecations-title">Deprecations</h2>
		<p>
			A deprecated method's answers carry <code>Deprecation</code> and <code>Sunset</code>; after the sunset it answers 410 (§9).
		</p>
		<form class="inline" onSubmit=${set} aria-label="Set a sunset">
			<label>API method <input name="method" required placeholder="getMe" /></label>
			<label>Sunset (your time) <input name="sunset" type="datetime-local" required /></label>
			<button type="submit" disabled=${action.busy}>Set sunset</button>
		</form>
		<${Problem} error=${action.error} />
		<${Loading} state=${state} />
		${
			state.data &&
			(state.data.data.length
				? html`<${Table} head=${['Method', 'Sunset', 'Actions']}>
								${state.data.data.map(
									(deprecation) =>
										html`<tr key=${deprecation.method}>
											<td><code>${deprecation.method}</code></td>
											<td>${when(deprecation.sunset)}</td>
											<td>
												<button type="button" onClick=${() => clear(deprecation.method)}>Clear ${deprecation.method}</button>
											</td>
										</tr>`,
								)}
							</${Table}>`
				: html`<p>No method is deprecated.</p>`)
		}
	</section>`;
}
