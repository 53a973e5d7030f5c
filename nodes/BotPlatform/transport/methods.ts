/**
 * What the transport must know of an API method. Each method is declared once, by the operation that calls it
 * (`actions/<resource>/<operation>.operation.ts`, or the shared file beside it that makes the call); the trigger
 * and the editor's dropdowns import those declarations.
 * - `repeatable`: sending it twice leaves the same state (reads, and the upsert), so a network reset or a 5xx
 *   may be retried. Others are retried only on 429, which the server answers before doing anything (spec §8).
 * - `subject`: what a 404 means for it, for an actionable message.
 */
export type NotFoundSubject = 'account' | 'bot' | 'contact' | 'list' | 'item' | 'variable' | 'none';

export interface ApiMethod {
	/** As in `/api/v1/<name>`. */
	readonly name: string;
	readonly repeatable: boolean;
	readonly subject: NotFoundSubject;
}
