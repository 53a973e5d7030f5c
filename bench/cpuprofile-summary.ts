/**
 * Where a CPU profile's time went: self time summed by package and by function, from one `.cpuprofile` per thread
 * (`node --cpu-prof`, see README.md).
 *
 *   node -r ts-node/register bench/cpuprofile-summary.ts [--last=SECONDS] [--top=N] FILE.cpuprofile...
 *
 * `--last` keeps only the samples of the profile's last SECONDS (the measured load, when the server was stopped
 * right after it: `bench/profile.ts` does so).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	startTime: number;
	endTime: number;
	samples: number[];
	timeDeltas: number[];
}

/** The package a script belongs to: its npm package, `node` for Node's own, or the part of this repository. */
export function packageOf(url: string): string {
	if (url === '') return '(native or VM)';
	if (url.startsWith('node:')) return 'node';
	const modules = url.lastIndexOf('node_modules/');
	if (modules !== -1) {
		const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
		return scope.startsWith('@') ? `${scope}/${name}` : scope;
	}
	if (url.includes('mongo-emulator/')) return 'emulator';
	if (url.includes('/server/')) return 'server';
	return url;
}

function summarize(file: string, lastSeconds: number | undefined, top: number): string {
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const selfMicros = new Map<number, number>();
	let time = profile.startTime;
	const from = lastSeconds === undefined ? -Infinity : profile.endTime - lastSeconds * 1e6;
	let total = 0;
	for (let i = 0; i < profile.samples.length; i++) {
		time += profile.timeDeltas[i];
		if (time < from) continue;
		// A sample stands for the time until the next one.
		const span = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
		selfMicros.set(profile.samples[i], (selfMicros.get(profile.samples[i]) ?? 0) + span);
		total += span;
	}
	const byPackage = new Map<string, number>();
	const byFunction = new Map<string, number>();
	for (const [id, micros] of selfMicros) {
		const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
		const pkg = packageOf(url);
		byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
		const key = `${functionName || '(anonymous)'}  ${pkg} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
		byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
	}
	const busy =
		total - [...selfMicros].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((s, [, m]) => s + m, 0);
	const rows = (map: Map<string, number>, n: number) =>
		[...map]
			.sort((a, b) => b[1] - a[1])
			.slice(0, n)
			.map(
				([name, micros]) =>
					`${(micros / 1000).toFixed(0).padStart(8)} ms ${((100 * micros) / busy).toFixed(1).padStart(5)}%  ${name}`,
			);
	return [
		`${path.basename(file)}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(2)} s busy (percentages of busy)`,
		'by package (self time):',
		...rows(byPackage, 20),
		'by function (self time):',
		...rows(byFunction, top),
		'',
	].join('\n');
}

if (require.main === module) {
	const args = process.argv.slice(2);
	const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
	const last = option('last');
	const files = args.filter((arg) => !arg.startsWith('--'));
	for (const file of files)
		console.log(summarize(file, last === undefined ? undefined : Number(last), Number(option('top') ?? 30)));
}
