import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { ApiMethod } from '../transport';
import type { RunMemo } from '../helpers/run-memo';

/** One operation of one resource: its UI properties and what it does for one input item. */
export interface BotPlatformOperation {
	/** The API method this operation exists for, declared in the operation's file (or the shared file that calls it). */
	method: ApiMethod;
	/** The operation's row in the README's operations table (`npm run tables:generate`); Markdown, one or two sentences. */
	readmeNote: string;
	description: INodeProperties[];
	/** `run` holds what this run already read for earlier items (`helpers/run-memo.ts`). */
	execute(this: IExecuteFunctions, itemIndex: number, run: RunMemo): Promise<IDataObject | IDataObject[]>;
}

export type BotPlatformResource = 'contact' | 'contactAccount' | 'contactVariable' | 'list' | 'listItem' | 'tag' | 'user';
