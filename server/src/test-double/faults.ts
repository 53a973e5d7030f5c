/**
 * Faults on purpose (test double): answers, delays and dropped connections that an operator asks for through
 * `POST /admin/v1/faults`, for API methods by the name the router knows them by. They live in this process's
 * memory only. A fault acts as soon as the method is known, before authentication, the rate limit or any
 * data is touched, so an injected answer changes nothing.
 */
import type { Request, Response } from 'express';
import { noteInjectedFault } from '../observability/request-labels';

export interface FaultSpec {
	/** An API method's name; null for every method. */
	method: string | null;
	/** The status to answer with; null to answer normally (after `delayMs`) or to drop. */
	status: number | null;
	body: unknown;
	headers: Record<string, string>;
	delayMs: number;
	/** Destroys the connection without an answer. */
	drop: boolean;
	/** How many calls it acts on; null for every call until removed. */
	times: number | null;
	/** The chance, from 0 to 1, that it acts on a call it matches. */
	probability: number;
}

export interface Fault extends FaultSpec {
	id: number;
	/** How often it has acted. */
	fired: number;
	createdAt: Date;
}

/** Says which answers were injected, so that clients and test suites can tell them from the server's own. */
export const INJECTED_FAULT_HEADER = 'X-Injected-Fault';

export type FaultKind = 'drop' | 'answer' | 'delay';

export const faultKind = (fault: FaultSpec): FaultKind => (fault.drop ? 'drop' : fault.status !== null ? 'answer' : 'delay');

export class FaultRegistry {
	private faults: Fault[] = [];
	private nextId = 1;

	constructor(private readonly onFired: (fault: Fault, method: string) => void = () => undefined) {}

	add(spec: FaultSpec): Fault {
		const fault: Fault = { ...spec, id: this.nextId++, fired: 0, createdAt: new Date() };
		this.faults.push(fault);
		return fault;
	}

	list(): readonly Fault[] {
		return this.faults;
	}

	remove(id: number): boolean {
		const before = this.faults.length;
		this.faults = this.faults.filter((fault) => fault.id !== id);
		return this.faults.length < before;
	}

	clear(): void {
		this.faults = [];
	}

	/** The fault that acts on this call of `method`, counted as fired; the oldest matching one wins. */
	take(method: string): Fault | undefined {
		for (const fault of this.faults) {
			if (fault.method !== null && fault.method !== method) continue;
			if (fault.times !== null && fault.fired >= fault.times) continue;
			if (fault.probability < 1 && Math.random() >= fault.probability) continue;
			fault.fired++;
			this.onFired(fault, method);
			return fault;
		}
		return undefined;
	}
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statuses that carry no body in HTTP. */
const BODILESS = new Set([204, 205, 304]);

/**
 * Acts out a fault: waits, then drops the connection or answers; true when the call is finished by it.
 * A delay alone lets the call go on afterwards (false).
 */
export async function actOutFault(fault: Fault, req: Request, res: Response): Promise<boolean> {
	noteInjectedFault(res, fault.id);
	if (fault.delayMs > 0) await wait(fault.delayMs);
	if (fault.drop) {
		req.socket.destroy();
		return true;
	}
	if (fault.status === null) return false;
	res.status(fault.status);
	res.set(INJECTED_FAULT_HEADER, String(fault.id));
	if (BODILESS.has(fault.status)) {
		res.set(fault.headers).end();
		return true;
	}
	res
		.type('json')
		.set(fault.headers)
		.send(JSON.stringify(fault.body ?? null));
	return true;
}

/** The API router's interceptor: acts out the fault that acts on this call of `method`; true when it finished the call. */
export const faultInterceptor =
	(faults: FaultRegistry) =>
	async (method: string, req: Request, res: Response): Promise<boolean> => {
		const fault = faults.take(method);
		return fault !== undefined && (await actOutFault(fault, req, res));
	};
