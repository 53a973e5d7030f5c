/**
 * Counts the database commands one API call sends, from the driver's command monitoring (the server must be
 * started with `monitorCommands`). Heartbeats are not commands of a call and are not seen here.
 */
import type { CommandStartedEvent } from 'mongodb';
import type { TestServer } from './test-server';

export interface CallCommands {
	/** `collection.command` for each command, in the order they were sent. */
	commands: string[];
	/** Commands still unanswered when the call's answer arrived: work the call left running. */
	unfinished: number;
}

export class CommandCounter {
	private seen: string[] = [];
	private inFlight = 0;

	constructor(t: TestServer) {
		const client = t.server.database.connection.getClient();
		client.on('commandStarted', (event: CommandStartedEvent) => {
			this.inFlight += 1;
			this.seen.push(`${String(event.command[event.commandName] ?? event.databaseName)}.${event.commandName}`);
		});
		client.on('commandSucceeded', () => (this.inFlight -= 1));
		client.on('commandFailed', () => (this.inFlight -= 1));
	}

	/** The commands sent from the start of `call` until its answer arrived. */
	async during(call: () => Promise<unknown>): Promise<CallCommands> {
		const seen: string[] = [];
		this.seen = seen;
		await call();
		// Commands sent later (the next call's data being made) are no part of this call.
		this.seen = [];
		return { commands: seen, unfinished: this.inFlight };
	}
}
