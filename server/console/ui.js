// Small pieces every screen uses: loading state, error line, pager, copy button, JSON view.
import { useCallback, useEffect, useState } from './vendor/preact-hooks.mjs';
import { asPoll, html } from './api.js';

/** Runs `load` now and whenever `deps` change; `reload` runs it again. */
export function useLoad(load, deps) {
	const [state, setState] = useState({ data: undefined, error: undefined });
	const reload = useCallback(() => {
		load().then(
			(data) => setState({ data, error: undefined }),
			(error) => setState({ data: undefined, error }),
		);
	}, deps);
	useEffect(reload, [reload]);
	return { ...state, reload };
}

/** Runs `tick` every `ms` milliseconds while `active`. */
export function useEvery(ms, tick, active = true) {
	useEffect(() => {
		if (!active) return undefined;
		const timer = setInterval(() => asPoll(tick), ms);
		return () => clearInterval(timer);
	}, [ms, tick, active]);
}

/** Runs an action, then `after`; its failure is kept for display. */
export function useAction() {
	const [error, setError] = useState(undefined);
	const [busy, setBusy] = useState(false);
	const run = async (action, after) => {
		setBusy(true);
		setError(undefined);
		try {
			const result = await action();
			if (after) await after(result);
		} catch (failure) {
			setError(failure);
		} finally {
			setBusy(false);
		}
	};
	return { error, busy, run };
}

export const Problem = ({ error }) => (error ? html`<p class="problem" role="alert">${error.message}</p>` : null);

export const Loading = ({ state }) =>
	state.error
		? html`<${Problem} error=${state.error} />`
		: state.data === undefined
			? html`<p aria-live="polite">Loading…</p>`
			: null;

export function Pager({ meta, onPage }) {
	if (!meta || meta.last_page <= 1) return meta ? html`<p class="count">${meta.total} in all</p>` : null;
	return html`<nav class="pager" aria-label="Pages">
		<button type="button" disabled=${meta.page <= 1} onClick=${() => onPage(meta.page - 1)}>Previous</button>
		<span>Page ${meta.page} of ${meta.last_page} (${meta.total} in all)</span>
		<button type="button" disabled=${meta.page >= meta.last_page} onClick=${() => onPage(meta.page + 1)}>Next</button>
	</nav>`;
}

/** A secret shown once: selectable text and a button that copies it. */
export function ShownOnce({ label, value, onDone }) {
	const [copied, setCopied] = useState(false);
	const copy = async () => {
		try {
			await navigator.clipboard.writeText(value);
			setCopied(true);
		} catch {
			setCopied(false);
		}
	};
	return html`<div class="shown-once" role="status">
		<p><strong>${label}</strong> It is shown only now: the server keeps only its hash.</p>
		<p><code class="secret" data-testid="shown-key">${value}</code></p>
		<button type="button" onClick=${copy}>${copied ? 'Copied' : 'Copy'}</button>
		<button type="button" onClick=${onDone}>Done</button>
	</div>`;
}

export const Json = ({ value }) => html`<pre class="json">${JSON.stringify(value, null, 2)}</pre>`;

export const when = (iso) => (iso ? new Date(iso).toLocaleString() : '—');

/** A form of one or more text fields that runs `send(values)`, then `after`. */
export function SmallForm({ label, fields, submit, send, after }) {
	const action = useAction();
	const onSubmit = (event) => {
		event.preventDefault();
		const form = event.currentTarget;
		const values = Object.fromEntries(fields.map(([name]) => [name, form.elements[name].value]));
		action.run(
			() => send(values),
			() => {
				form.reset();
				return after();
			},
		);
	};
	return html`<form class="inline" onSubmit=${onSubmit} aria-label=${label}>
		${fields.map(([name, text]) => html`<label>${text} <input name=${name} required /></label>`)}
		<button type="submit" disabled=${action.busy}>${submit}</button>
		<${Problem} error=${action.error} />
	</form>`;
}

/** A table that scrolls sideways on a narrow screen rather than widening the page. */
export const Table = ({ head, testid, children }) =>
	html`<div class="table">
		<table data-testid=${testid}>
			<thead>
				<tr>
					${head.map((title) => html`<th>${title}</th>`)}
				</tr>
			</thead>
			<tbody>
				${children}
			</tbody>
		</table>
	</div>`;
