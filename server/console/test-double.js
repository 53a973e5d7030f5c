import { useState } from './vendor/preact-hooks.mjs';
import { api, html } from './api.js';
import { Json, Loading, Problem, Table, useAction, useEvery, useLoad, when } from './ui.js';

const optionalJson = (text) => (text.trim() === '' ? undefined : JSON.parse(text));
const optionalNumber = (text) => (text.trim() === '' ? undefined : Number(text));

function Faults() {
	const state = useLoad(() => api('GET', '/faults'), []);
	const action = useAction();
	const arm = (event) => {
		event.preventDefault();
		const form = event.currentTarget;
		const { method, status, body, headers, delay_ms: delay, times, drop } = form.elements;
		action.run(
			async () =>
				api('POST', '/faults', {
					body: {
						method: method.value.trim() || undefined,
						status: optionalNumber(status.value),
						body: optionalJson(body.value),
						headers: optionalJson(headers.value),
						delay_ms: optionalNumber(delay.value),
						times: optionalNumber(times.value),
						drop: drop.checked || undefined,
					},
				}),
			() => {
				form.reset();
				state.reload();
			},
		);
	};
	const remove = (id) => action.run(() => api('DELETE', `/faults/${id}`), state.reload);
	return html`<section aria-labelledby="faults-title" class="panel">
		<h3 id="faults-title">Faults</h3>
		<form class="inline" onSubmit=${arm} aria-label="Arm a fault">
			<label>Method <input name="method" placeholder="every method" /></label>
			<label>Status <input name="status" inputmode="numeric" size="4" placeholder="503" /></label>
			<label>Body (JSON) <input name="body" placeholder='{"error":"…"}' /></label>
			<label>Headers (JSON) <input name="headers" placeholder='{"Retry-After":"2"}' /></label>
			<label>Delay (ms) <input name="delay_ms" inputmode="numeric" size="6" /></label>
			<label>Times <input name="times" inputmode="numeric" size="4" placeholder="always" /></label>
			<label><input name="drop" type="checkbox" /> Drop the connection</label>
			<button type="submit" disabled=${action.busy}>Arm fault</button>
		</form>
		<${Problem} error=${action.error} />
		<${Loading} state=${state} />
		${
			state.data &&
			(state.data.data.length
				? html`<${Table} head=${['ID', 'Method', 'Answer', 'Times', 'Fired', 'Actions']} testid="faults">
								${state.data.data.map(
									(fault) =>
										html`<tr key=${fault.id}>
											<td>${fault.id}</td>
											<td>${fault.method ?? 'every method'}</td>
											<td>${fault.drop ? 'drop' : (fault.status ?? `delay ${fault.delay_ms} ms`)}</td>
											<td>${fault.times ?? 'always'}</td>
											<td>${fault.fired}</td>
											<td><button type="button" onClick=${() => remove(fault.id)}>Remove fault ${fault.id}</button></td>
										</tr>`,
								)}
							</${Table}>`
				: html`<p>No fault is armed.</p>`)
		}
	</section>`;
}

const statusMatches = (filter, status) =>
	filter === '' || (filter.endsWith('xx') ? status !== null && String(status)[0] === filter[0] : String(status) === filter);

function RequestLog() {
	const [method, setMethod] = useState('');
	const [status, setStatus] = useState('');
	const [live, setLive] = useState(true);
	const [open, setOpen] = useState(undefined);
	const state = useLoad(() => api('GET', '/requests', { query: { method, limit: 200 } }), [method]);
	useEvery(2000, state.reload, live);
	const shown = state.data ? state.data.data.filter((entry) => statusMatches(status, entry.status)) : [];
	return html`<section aria-labelledby="requests-title" class="panel">
		<h3 id="requests-title">Request log</h3>
		<form class="inline" role="search" onSubmit=${(event) => event.preventDefault()}>
			<label
				>Method <input value=${method} onChange=${(event) => setMethod(event.currentTarget.value.trim())} placeholder="any"
			/></label>
			<label
				>Status
				<select value=${status} onChange=${(event) => setStatus(event.currentTarget.value)}>
					${['', '2xx', '3xx', '4xx', '5xx'].map((value) => html`<option value=${value}>${value || 'any'}</option>`)}
				</select>
			</label>
			<label><input type="checkbox" checked=${live} onChange=${(event) => setLive(event.currentTarget.checked)} /> Live</label>
			<button type="button" onClick=${state.reload}>Refresh</button>
			<button type="button" onClick=${() => api('DELETE', '/requests').then(state.reload)}>Empty the log</button>
		</form>
		<${Loading} state=${state} />
		${
			state.data &&
			html`<${Table} head=${['When', 'Method', 'Status', 'Time', '']} testid="requests">
						${shown.map(
							(entry) =>
								html`<tr key=${entry.id}>
										<td>${when(entry.at)}</td>
										<td>${entry.http_method} ${entry.method}</td>
										<td>${entry.status ?? 'none'}${entry.injected ? ' (fault)' : ''}</td>
										<td>${Math.round(entry.duration_ms)} ms</td>
										<td>
											<button
												type="button"
												aria-expanded=${open === entry.id}
												onClick=${() => setOpen(open === entry.id ? undefined : entry.id)}
											>
												Details
											</button>
										</td>
									</tr>
									${
										open === entry.id &&
										html`<tr>
											<td colspan="5"><${Json} value=${entry} /></td>
										</tr>`
									}`,
						)}
					</${Table}>`
		}
	</section>`;
}

function Data() {
	const action = useAction();
	const [done, setDone] = useState('');
	const reset = () =>
		action.run(
			() => api('POST', '/reset'),
			() => setDone(`Data reset at ${when(new Date().toISOString())}.`),
		);
	const upload = (event) => {
		event.preventDefault();
		const file = event.currentTarget.elements.seed.files[0];
		action.run(
			async () => api('POST', '/seed', { body: JSON.parse(await file.text()) }),
			() => setDone(`Seed ${file.name} applied.`),
		);
	};
	return html`<section aria-labelledby="data-title" class="panel">
		<h3 id="data-title">Data</h3>
		<button type="button" onClick=${reset} disabled=${action.busy}>Reset to the seed</button>
		<form class="inline" onSubmit=${upload} aria-label="Apply a seed">
			<label>Seed file (JSON) <input name="seed" type="file" accept=".json,application/json" required /></label>
			<button type="submit" disabled=${action.busy}>Apply seed</button>
		</form>
		${done && html`<p role="status">${done}</p>`}
		<${Problem} error=${action.error} />
	</section>`;
}

export function TestDouble() {
	return html`<section aria-labelledby="double-title">
		<h2 id="double-title">Test double</h2>
		<${RequestLog} />
		<${Faults} />
		<${Data} />
	</section>`;
}
