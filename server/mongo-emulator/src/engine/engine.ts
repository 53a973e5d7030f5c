import { CursorRegistry } from './cursors';
import { Database } from './database';
import type { PlannerMode } from './query/planner';

/** All server state: databases (created on first use, listed while non-empty) and open cursors. */
export class Engine {
	readonly cursors = new CursorRegistry();
	private readonly databases = new Map<string, Database>();

	constructor(private readonly planner: PlannerMode) {}

	database(name: string): Database {
		let database = this.databases.get(name);
		if (!database) {
			database = new Database(name, this.planner);
			this.databases.set(name, database);
		}
		return database;
	}

	listDatabases(): Database[] {
		return [...this.databases.values()].filter((database) => !database.isEmpty);
	}

	dropDatabase(name: string): void {
		this.databases.delete(name);
	}
}
