/** The account shape of §2.3. */
import type { Account } from '../../domain/contact-accounts/accounts';
import { formatMajorUnits } from '../../domain/currency';

/** Balance in major units with the currency's real minor units: "150.25 USD", "1500 JPY", "1.500 KWD". */
export function amountNote(amount: number, currency: string): string {
	return `${formatMajorUnits(amount, currency)} ${currency}`;
}

export function presentAccount(account: Account) {
	return {
		id: account._id,
		currency: account.currency,
		amount: account.amount,
		amount_note: amountNote(account.amount, account.currency),
		created_at: account.createdAt.toISOString(),
		updated_at: account.updatedAt.toISOString(),
		blocked_at: account.blockedAt ? account.blockedAt.toISOString() : null,
	};
}
