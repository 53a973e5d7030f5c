/**
 * A bot's subscriber count (§4.16 rule 2): its live, subscribed contacts that are not previews. It is counted, not
 * kept: a stored counter would be a second write next to each contact insert or deletion, and a process dying
 * between the two would leave it wrong for good (a standalone MongoDB has no multi-document transactions). The
 * count reads index keys only (see the subscribers index in `models/contact.ts`), and only the admin API shows it.
 */
import type { Models } from '../../models';

export function countSubscribers(models: Models, botId: number): Promise<number> {
	return models.contacts.countDocuments({ botId, isPreview: false, deletedAt: null, unsubscribedAt: null });
}
