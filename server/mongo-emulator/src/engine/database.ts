import { CommandError } from '../errors';
import { Collection } from './collection';
import type { PlannerMode } from './query/planner';

/** A database: a namespace of collections. It "exists" (is listed) while it holds a collection. */
export class Database {
	private readonly collections = new Map<string, Collection>();

	constructor(
		readonly name: string,
		private readonly planner: PlannerMode,
	) {}

	get isEmpty(): boolean {
		return this.collections.size === 0;
	}

	collection(name: string): Collection | undefined {
		return this.collections.get(name);
	}

	/** Implicit creation, as inserts and index builds do on a real server. */
	collectionOrCreate(name: string): Collection {
		return this.collection(name) ?? this.create(name);
	}

	create(name: string): Collection {
		assertCollectionName(name);
		if (this.collections.has(name)) {
			throw new CommandError('NamespaceExists', `Collection ${this.name}.${name} already exists.`);
		}
		const collection = new Collection(this.name, name, this.planner);
		this.collections.set(name, collection);
		return collection;
	}

	drop(name: string): Collection | undefined {
		const collection = this.collections.get(name);
		this.collections.delete(name);
		return collection;
	}

	list(): Collection[] {
		return [...this.collections.values()];
	}
}

function assertCollectionName(name: string): void {
	if (name === '' || name.includes('$') || name.includes('\0') || name.startsWith('system.')) {
		throw new CommandError('InvalidNamespace', `Invalid collection name: ${name}`);
	}
}
