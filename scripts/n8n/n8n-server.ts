/**
 * `n8n start` and its REST API, for what only the server does: running a workflow from a polling trigger, as the
 * editor's "Fetch test event" does (`n8n execute` never calls a trigger's `poll()`), and active workflows polled
 * on their schedule.
 */
import type { IRun } from 'n8n-workflow';
import { parse as parseFlatted } from 'flatted';
import { http } from '../../server/test/support/http';
import { n8nEnv, type N8nInstallation } from './installation';
import { freePorts, startProcess, stopProcess, waitFor, type LongRunningProcess } from './processes';

const BROWSER_ID = 'bot-platform-e2e';
const OWNER = { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-password-123' };
const REQUEST_TIMEOUT_MS = 30_000;

interface StoredExecution {
	finished?: boolean;
	status?: string;
	/** The run, in n8n's "flatted" text format. */
	data: string | IRun['data'];
}

export class N8nServer {
	private constructor(
		readonly process: LongRunningProcess,
		private readonly baseUrl: string,
		/** The owner's session. */
		private readonly cookie: string,
	) {}

	/** Starts n8n on a free port, waits until it is ready, and sets up its owner account. */
	static async start(installation: N8nInstallation, userFolder: string, logFile: string): Promise<N8nServer> {
		const [port, broker] = await freePorts(2);
		const env = n8nEnv(installation, userFolder, { http: port, broker });
		const proc = startProcess(installation.node, [installation.bin, 'start'], { env, logFile });
		const baseUrl = `http://127.0.0.1:${port}`;
		try {
			// Ready when the REST API answers: /healthz/readiness is not enough, n8n 1.x mounts the REST API after
			// it reports ready. (While it migrates, n8n answers 200 with a text, hence the look at the body.)
			await waitFor(
				'n8n start',
				async () => {
					const settings = await http.get(`${baseUrl}/rest/settings`, { timeout: REQUEST_TIMEOUT_MS });
					return settings.status === 200 && settings.data?.data !== undefined;
				},
				{ deadlineMs: 120_000, alive: proc.running },
			);
			return new N8nServer(proc, baseUrl, await setUpOwner(baseUrl));
		} catch (error) {
			await stopProcess(proc);
			throw new Error(`${(error as Error).message}\n--- n8n output ---\n${proc.output().slice(-3000)}`);
		}
	}

	/**
	 * Runs an imported workflow from the trigger node `triggerName` and waits for the result. The workflow goes
	 * along in the request: n8n 1.x runs what the editor sends, n8n 2.x loads it by ID and ignores it.
	 */
	async runFromTrigger(workflow: { id: string; nodes: Array<{ name: string }> }, triggerName: string): Promise<IRun> {
		if (!workflow.nodes.some((node) => node.name === triggerName)) {
			// n8n silently starts from another trigger when the name is wrong: refuse instead.
			throw new Error(`expect.trigger "${triggerName}" is not a node of the workflow`);
		}
		const started = await this.rest('POST', `/workflows/${workflow.id}/run`, {
			workflowData: workflow,
			triggerToStartFrom: { name: triggerName },
		});
		const executionId = started.data?.data?.executionId;
		if (!executionId) {
			throw new Error(`run -> ${started.status} ${started.data?.message ?? JSON.stringify(started.data).slice(0, 500)}`);
		}
		return await this.finished(executionId);
	}

	/** A stored execution, once it has finished. */
	private async finished(executionId: string): Promise<IRun> {
		const execution = await waitFor<StoredExecution>(
			`execution ${executionId}`,
			async () => {
				const stored: StoredExecution | undefined = (await this.rest('GET', `/executions/${executionId}`)).data?.data;
				const done = stored && (stored.finished || ['success', 'error', 'crashed', 'canceled'].includes(stored.status ?? ''));
				return done ? stored : undefined;
			},
			{ deadlineMs: 60_000, intervalMs: 250 },
		);
		return { data: typeof execution.data === 'string' ? parseFlatted(execution.data) : execution.data } as IRun;
	}

	/**
	 * Mode "schedule": creates `workflow` through the REST API and activates it, as the editor's Publish does; n8n
	 * runs the trigger's first poll during activation, then polls on the workflow's Poll Times.
	 */
	async activate(workflow: Record<string, unknown>): Promise<string> {
		const created = await this.rest('POST', '/workflows', { ...workflow, id: undefined, active: false });
		const { id, versionId } = (created.data?.data ?? {}) as { id?: string; versionId?: string };
		if (!id || !versionId) throw new Error(`create workflow -> ${created.status} ${JSON.stringify(created.data).slice(0, 500)}`);
		const activated = await this.rest('POST', `/workflows/${id}/activate`, { versionId });
		if (activated.status !== 200) {
			throw new Error(`activate -> ${activated.status} ${JSON.stringify(activated.data).slice(0, 500)}`);
		}
		return id;
	}

	/**
	 * Waits until the trigger `nodeName` of an active workflow has stored its cursor (its static data): n8n 2.x
	 * answers the activation before the trigger's first poll has run.
	 */
	async firstPollDone(workflowId: string, nodeName: string, deadlineMs: number): Promise<void> {
		await waitFor(
			`the first poll of "${nodeName}"`,
			async () => {
				const stored = (await this.rest('GET', `/workflows/${workflowId}`)).data?.data?.staticData as
					Record<string, Record<string, unknown> | undefined> | undefined;
				return Object.keys(stored?.[`node:${nodeName}`] ?? {}).length > 0 ? true : undefined;
			},
			{ deadlineMs, intervalMs: 500 },
		);
	}

	/** The first execution of an active workflow (a scheduled poll that emitted something), once it has finished. */
	async firstExecution(workflowId: string, deadlineMs: number): Promise<IRun> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const executionId = await waitFor<string>(
			`an execution of workflow ${workflowId}`,
			async () => {
				const listed = (await this.rest('GET', `/executions?filter=${filter}`)).data?.data?.results as
					Array<{ id: string }> | undefined;
				return listed?.length ? listed[listed.length - 1].id : undefined;
			},
			{ deadlineMs, intervalMs: 1000 },
		);
		return await this.finished(executionId);
	}

	async deactivate(workflowId: string): Promise<void> {
		const stored = await this.rest('GET', `/workflows/${workflowId}`);
		await this.rest('POST', `/workflows/${workflowId}/deactivate`, { versionId: stored.data?.data?.versionId });
	}

	stop(): Promise<void> {
		return stopProcess(this.process);
	}

	private rest(method: 'GET' | 'POST', path: string, data?: unknown) {
		return http.request({
			url: `${this.baseUrl}/rest${path}`,
			method,
			data,
			headers: { cookie: this.cookie, 'browser-id': BROWSER_ID },
			timeout: REQUEST_TIMEOUT_MS,
		});
	}
}

/** Creates the owner of a fresh n8n; returns its session cookie. */
async function setUpOwner(baseUrl: string): Promise<string> {
	const setup = await http.post(`${baseUrl}/rest/owner/setup`, OWNER, {
		headers: { 'browser-id': BROWSER_ID },
		timeout: REQUEST_TIMEOUT_MS,
	});
	if (setup.status !== 200) throw new Error(`owner setup -> ${setup.status} ${JSON.stringify(setup.data).slice(0, 300)}`);
	const cookie = (setup.headers['set-cookie'] ?? [])
		.map((header) => header.split(';')[0])
		.filter((pair) => pair.startsWith('n8n-auth='))
		.join('; ');
	if (!cookie) throw new Error('owner setup returned no n8n-auth cookie');
	return cookie;
}
