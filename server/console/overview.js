import { api, html } from './api.js';
import { TrafficChart } from './charts.js';
import { Loading, useEvery, useLoad, when } from './ui.js';

function duration(seconds) {
	const days = Math.floor(seconds / 86400);
	const hours = Math.floor((seconds % 86400) / 3600);
	const minutes = Math.floor((seconds % 3600) / 60);
	return [days && `${days} d`, (days || hours) && `${hours} h`, `${minutes} min`].filter(Boolean).join(' ');
}

export function Overview() {
	const state = useLoad(() => api('GET', '/overview'), []);
	// The chart follows the traffic: read again every 15 s while the screen is open.
	useEvery(15_000, state.reload);
	if (!state.data) return html`<${Loading} state=${state} />`;
	const o = state.data.data;
	return html`<section aria-labelledby="overview-title">
		<h2 id="overview-title">Overview</h2>
		<dl class="facts">
			<dt>Health</dt>
			<dd><span class=${o.healthy ? 'ok' : 'bad'} data-testid="health">${o.healthy ? 'healthy' : 'unavailable'}</span></dd>
			<dt>Database</dt>
			<dd>${o.database === 'embedded' ? 'embedded (in memory)' : 'MongoDB (MONGODB_URI)'}</dd>
			<dt>Version</dt>
			<dd>${o.version ?? 'unknown'}</dd>
			<dt>Up since</dt>
			<dd>${when(o.started_at)} (${duration(o.uptime_seconds)})</dd>
			<dt>Test double</dt>
			<dd>${o.test_double ? 'on' : 'off'}</dd>
		</dl>
		<${TrafficChart} minutes=${o.requests_per_minute} />
	</section>`;
}
