// The two charts, drawn as SVG with attributes only (the CSP allows no inline style): requests per minute by status
// class, stacked; and a balance over time, as steps.
import { html } from './api.js';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 28;

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', '1xx'];

export function TrafficChart({ minutes }) {
	const totals = minutes.map((minute) => STATUS_CLASSES.reduce((sum, name) => sum + minute.counts[name], 0));
	const top = Math.max(1, ...totals);
	const slot = (WIDTH - PAD) / minutes.length;
	const bars = [];
	minutes.forEach((minute, i) => {
		let y = HEIGHT - PAD;
		for (const name of STATUS_CLASSES) {
			const count = minute.counts[name];
			if (count === 0) continue;
			const height = (count / top) * (HEIGHT - 2 * PAD);
			y -= height;
			bars.push(
				html`<rect class=${`s${name}`} x=${PAD + i * slot} y=${y} width=${Math.max(1, slot - 1)} height=${height}>
					<title>${new Date(minute.minute).toLocaleTimeString()}: ${count} ${name}</title>
				</rect>`,
			);
		}
	});
	const sum = totals.reduce((a, b) => a + b, 0);
	return html`<figure>
		<svg
			class="chart"
			viewBox=${`0 0 ${WIDTH} ${HEIGHT}`}
			role="img"
			aria-label=${`Requests per minute over the last hour: ${sum} in all, at most ${top} in a minute`}
		>
			<line class="axis" x1=${PAD} y1=${HEIGHT - PAD} x2=${WIDTH} y2=${HEIGHT - PAD} />
			<text class="label" x="2" y=${PAD}>${top}</text>
			<text class="label" x="2" y=${HEIGHT - PAD}>0</text>
			<text class="label" x=${PAD} y=${HEIGHT - 8}>60 min ago</text>
			<text class="label" x=${WIDTH - 40} y=${HEIGHT - 8}>now</text>
			${bars}
		</svg>
		<figcaption>
			${STATUS_CLASSES.slice(0, 4).map((name) => html`<span class=${`key s${name}`}>${name}</span> `)} Requests per minute, last
			hour (this instance).
		</figcaption>
	</figure>`;
}

/** `entries` oldest first, `amount` signed in minor units; the balance after each. */
export function BalanceChart({ entries, currency }) {
	if (entries.length === 0) return html`<p>No operations yet.</p>`;
	let balance = 0;
	const points = entries.map((entry) => ({ at: Date.parse(entry.created_at), balance: (balance += entry.amount) }));
	const first = points[0].at;
	const last = Math.max(points[points.length - 1].at, first + 1);
	const top = Math.max(1, ...points.map((point) => point.balance));
	const x = (at) => PAD + ((at - first) / (last - first)) * (WIDTH - 2 * PAD);
	const y = (value) => HEIGHT - PAD - (value / top) * (HEIGHT - 2 * PAD);
	let path = `M ${x(first)} ${y(0)}`;
	for (const point of points) path += ` H ${x(point.at)} V ${y(point.balance)}`;
	return html`<svg
		class="chart"
		viewBox=${`0 0 ${WIDTH} ${HEIGHT}`}
		role="img"
		aria-label=${`Balance over time in ${currency}, ${points.length} operations`}
	>
		<line class="axis" x1=${PAD} y1=${HEIGHT - PAD} x2=${WIDTH - PAD} y2=${HEIGHT - PAD} />
		<text class="label" x="2" y=${PAD}>${top}</text>
		<text class="label" x="2" y=${HEIGHT - PAD}>0</text>
		<path class="balance" d=${path} />
		${points.map((point) => html`<circle class="point" cx=${x(point.at)} cy=${y(point.balance)} r="3"><title>${new Date(point.at).toLocaleString()}: ${point.balance}</title></circle>`)}
	</svg>`;
}
