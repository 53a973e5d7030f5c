/**
 * n8n's command line as a run uses it: import the credential and the workflows, execute a workflow from its
 * Manual Trigger. Each command boots n8n (2 to 6 s), so imports go in one command each.
 */
import type { IRun } from 'n8n-workflow';
import { n8nEnv, type N8nInstallation } from './installation';
import { freePorts, runCommand, type CommandResult } from './processes';

export class N8nCli {
	constructor(
		private readonly installation: N8nInstallation,
		private readonly userFolder: string,
		/** Every command and its output are appended here. */
		private readonly logFile: string,
	) {}

	async run(args: string[]): Promise<CommandResult> {
		const [http, broker] = await freePorts(2);
		const env = n8nEnv(this.installation, this.userFolder, { http, broker });
		return runCommand(this.installation.node, [this.installation.bin, ...args], { env, logFile: this.logFile });
	}

	/** `file`: `[{ id, name, type, data }]` with `data` in plain text; n8n encrypts it on import. */
	async importCredentials(file: string): Promise<CommandResult> {
		const result = await this.run(['import:credentials', `--input=${file}`]);
		if (result.code !== 0) throw new Error(`import:credentials failed:\n${outputTail(result)}`);
		return result;
	}

	/** Every `*.json` workflow of `folder`. n8n skips an invalid one with a log line but exits 0: that fails here. */
	async importWorkflows(folder: string): Promise<CommandResult> {
		const result = await this.run(['import:workflow', '--separate', `--input=${folder}`]);
		if (result.code !== 0 || /Skipping invalid workflow/.test(result.stdout + result.stderr)) {
			throw new Error(`import:workflow failed:\n${outputTail(result)}`);
		}
		return result;
	}

	/** Runs an imported workflow. A failed execution exits 1 and still prints its run, so `run` is there whenever n8n got that far. */
	async execute(workflowId: string): Promise<{ run?: IRun; result: CommandResult }> {
		const result = await this.run(['execute', `--id=${workflowId}`, '--rawOutput']);
		return { run: parseExecuteOutput(result.stdout), result };
	}
}

/** With N8N_LOG_FORMAT=json, `execute --rawOutput` logs the run (IRun) as the message of one JSON log line. */
function parseExecuteOutput(stdout: string): IRun | undefined {
	for (const line of stdout.split('\n').reverse()) {
		const message = logMessage(line) ?? line;
		if (!message.trimStart().startsWith('{')) continue;
		try {
			const run = JSON.parse(message);
			if (run?.data?.resultData) return run as IRun;
		} catch {
			// Some other text that starts with a brace.
		}
	}
	return undefined;
}

/** The first line of each distinct error n8n logged, else the end of its output: why a command gave no result. */
export function errorSummary(result: CommandResult): string {
	const errors = new Set<string>();
	for (const line of `${result.stdout}\n${result.stderr}`.split('\n')) {
		const entry = parseLogLine(line);
		if (entry?.level === 'error' && typeof entry.message === 'string') errors.add(entry.message.trim().split('\n')[0]);
	}
	return errors.size ? [...errors].join(' | ') : `\n${outputTail(result, 20)}`;
}

export function outputTail(result: CommandResult, lines = 40): string {
	return `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-lines).join('\n');
}

function logMessage(line: string): string | undefined {
	const message = parseLogLine(line)?.message;
	return typeof message === 'string' ? message : undefined;
}

function parseLogLine(line: string): { level?: unknown; message?: unknown } | undefined {
	if (!line.startsWith('{')) return undefined;
	try {
		const entry = JSON.parse(line);
		return entry !== null && typeof entry === 'object' ? entry : undefined;
	} catch {
		return undefined;
	}
}
