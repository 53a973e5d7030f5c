/** The account shape of §2.3. */
import type { z } from 'zod';
import type { ContactAccount } from '../../domain/contact-accounts/contact-accounts';
import { formatMajorUnits } from '../../domain/currency';
import { isoWithOffset } from '../timestamps';
import type { contactAccountJson } from './outputs';

/** Balance in major units with the currency's real minor units: "150.25 USD", "1500 JPY", "1.500 KWD". */
export function amountNote(amount: number, currency: string): string {
	return `${formatMajorUnits(amount, currency)} ${currency}`;
}

export function presentContactAccount(account: ContactAccount): z.output<typeof contactAccountJson> {
	return {
		id: account._id,
		currency: account.currency,
		amount: account.amount,
		amount_note: amountNote(account.amount, account.currency),
		created_at: isoWithOffset(account.createdAt),
		updated_at: isoWithOffset(account.updatedAt),
		blocked_at: account.blockedAt ? isoWithOffset(account.blockedAt) : null,
	};
}
