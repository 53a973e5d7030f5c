/**
 * The shell blocks a README tells a newcomer to run, run as written: a block marked `<!-- walk: <name> -->` (just
 * before its fence) belongs to the walk of that name, and a walk's blocks run in document order in one bash
 * session (variables and `cd` carry over), in a copy of the repository and with a home folder of its own.
 *
 * - A line `# → <text>` after a command is what that command prints: `…` stands for anything, and the text must
 *   match one line of the output (or all of it).
 * - A command that starts a server (`npm start`, `node server/dist/main.js`, `npx bot-platform-server`,
 *   `npm run mongo-emulator`, or anything ending in `&`) runs in the background, as a person runs it in a second
 *   terminal; the walk goes on once it prints `listening on`, and stops it at the end.
 * - The only changes made to a command are the walk's `substitutions` (addresses and paths of machines this one does
 *   not have), listed where the walk is declared.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '../..');

export interface WalkCommand {
	/** Where it is written: `README.md:42`. */
	place: string;
	text: string;
	expected: string[];
	background: boolean;
}

const FENCE = /^```(\w*)\s*$/;
const MARKER = /^<!--\s*walk:\s*([\w-]+)\s*-->\s*$/;
const SERVICE = /(^|&&\s*|;\s*|\s)(npm start|npm run mongo-emulator|node server\/dist\/main\.js|npx bot-platform-server)\b/;

/** Every marked block of `file` (relative to the repository), by walk name, each split into its commands. */
export function readWalks(file: string): Map<string, WalkCommand[]> {
	const lines = readFileSync(path.join(REPO, file), 'utf8').split('\n');
	const walks = new Map<string, WalkCommand[]>();
	for (let i = 0; i < lines.length; i++) {
		const marker = MARKER.exec(lines[i]);
		if (!marker) continue;
		// Prettier keeps a blank line between the comment and the fence.
		let fence = i + 1;
		while (lines[fence]?.trim() === '') fence++;
		if (!FENCE.test(lines[fence] ?? '')) throw new Error(`${file}:${i + 1}: a walk marker must stand right before a fence`);
		const commands = walks.get(marker[1]) ?? [];
		walks.set(marker[1], commands);
		let j = fence + 1;
		for (; j < lines.length && !/^```\s*$/.test(lines[j]); j++) {
			const line = lines[j];
			const expected = /^\s*# → (.*)$/.exec(line);
			if (expected) {
				if (!commands.length) throw new Error(`${file}:${j + 1}: an expected output before any command`);
				commands.at(-1)!.expected.push(expected[1]);
				continue;
			}
			if (/^\s*(#.*)?$/.test(line)) continue;
			let text = line;
			const start = j;
			while (text.endsWith('\\') && j + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++j].trim()}`;
			// A here-document is one command with its lines, up to its terminator.
			const heredoc = /<<-?\s*(['"]?)(\w+)\1/.exec(text);
			if (heredoc) {
				while (j + 1 < lines.length && lines[j + 1].trim() !== heredoc[2]) text += `\n${lines[++j]}`;
				text += `\n${lines[++j]}`;
			}
			const background = SERVICE.test(text) || /&\s*(#.*)?$/.test(text);
			commands.push({ place: `${file}:${start + 1}`, text, expected: [], background });
		}
		i = j;
	}
	return walks;
}

/** A copy of the repository as it is now (tracked and new files, not ignored ones): what a fresh clone holds. */
export function cleanCopy(into: string): string {
	const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' })
		.split('\0')
		.filter(Boolean);
	const root = path.join(into, 'n8n-nodes-bot-platform');
	for (const file of files) {
		mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
		try {
			cpSync(path.join(REPO, file), path.join(root, file));
		} catch (error) {
			// A file deleted in the working tree but not yet in git's index.
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
		}
	}
	return root;
}

/** `…` is anything; everything else is itself. */
function pattern(expected: string): RegExp {
	const escaped = expected
		.split('…')
		.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
		.join('.*?');
	return new RegExp(`^${escaped}$`, 's');
}

export interface WalkOptions {
	/** Where the walk starts (the clean copy's root). */
	cwd: string;
	/** The walk's own home folder (so `~/.n8n` is not the person's running this). */
	home: string;
	substitutions?: Record<string, string>;
	env?: Record<string, string>;
	/** How long a server may take to say `listening on` (a first `npm start` builds first). */
	serviceStartMs?: number;
}

export interface WalkResult {
	/** What each command printed, in order. */
	outputs: { place: string; output: string }[];
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the commands in one bash session. Fails naming the command (file:line) whose exit code is not 0, whose server
 * did not start, or whose output lacks an expected line.
 */
export async function runWalk(commands: WalkCommand[], options: WalkOptions): Promise<WalkResult> {
	const work = path.join(options.home, '.walk');
	mkdirSync(work, { recursive: true });
	const startMs = options.serviceStartMs ?? 300_000;
	const script: string[] = [
		'set -u',
		`services=()`,
		`stop_services() { for pid in "\${services[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done; for pid in "\${services[@]}"; do for _ in $(seq 100); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.2; done; kill -KILL -- "-$pid" 2>/dev/null; done; }`,
		'trap stop_services EXIT',
	];
	commands.forEach((command, index) => {
		let text = command.text;
		for (const [from, to] of Object.entries(options.substitutions ?? {})) text = text.split(from).join(to);
		const out = path.join(work, `${index}.out`);
		script.push(`echo ${quote(`::: ${command.place}`)} >&2`);
		if (command.background) {
			text = text.replace(/&\s*(#.*)?$/, '');
			// A process group of its own, so that stopping it stops npm, the shell and node together.
			script.push(`setsid bash -c ${quote(text)} >${quote(out)} 2>&1 </dev/null & services+=($!)`);
			// Waits for the server's own line (a bounded poll of its output, not a fixed pause).
			script.push(
				`for _ in $(seq ${Math.ceil(startMs / 200)}); do grep -q 'listening on' ${quote(out)} && break; ` +
					`kill -0 "\${services[-1]}" 2>/dev/null || break; sleep 0.2; done`,
				`grep -q 'listening on' ${quote(out)} || { echo ${quote(`${command.place}: no "listening on"`)} >&2; cat ${quote(out)} >&2; exit 1; }`,
			);
		} else {
			script.push(
				`{ ${text}\n} >${quote(out)} 2>&1`,
				`rc=$?; if [ $rc -ne 0 ]; then echo ${quote(`${command.place}: exit code`)} "$rc" >&2; cat ${quote(out)} >&2; exit 1; fi`,
			);
		}
	});
	const scriptFile = path.join(work, 'walk.sh');
	writeFileSync(scriptFile, `${script.join('\n')}\n`);

	// The person's environment, less what a test run adds (npm's own variables, NODE_ENV=test, a test database).
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(
			([name]) => !/^(npm_|INIT_CWD$|NODE_ENV$|MONGODB_URI$|JEST_|TS_NODE_)/i.test(name) && name !== 'HOME',
		),
	) as Record<string, string>;
	const env = {
		...inherited,
		HOME: options.home,
		// The npm cache of the machine, so that installs need not download again (a person has one too).
		npm_config_cache: path.join(process.env.HOME ?? options.home, '.npm'),
		// Package metadata from that cache when it has it, rather than asked of the registry again (the installs are the
		// same; only the walk's time changes).
		npm_config_prefer_offline: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		...options.env,
	};
	const child = spawn('bash', [scriptFile], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
	let stderr = '';
	child.stdout.resume();
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
	if (code !== 0) throw new Error(`the walk failed:\n${stderr.slice(-6000)}`);

	const outputs = commands.map((command, index) => ({
		place: command.place,
		output: readFileSync(path.join(work, `${index}.out`), 'utf8'),
	}));
	for (const [index, command] of commands.entries()) {
		const output = outputs[index].output;
		const lines = [output.trim(), ...output.split('\n').map((line) => line.trim())];
		for (const expected of command.expected) {
			if (!lines.some((line) => pattern(expected).test(line))) {
				throw new Error(`${command.place}: \`${command.text}\` printed no line like "${expected}":\n${output.slice(-3000)}`);
			}
		}
	}
	return { outputs };
}
