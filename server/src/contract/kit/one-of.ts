/**
 * A thing named by either of two parameters (§10.5 `tag_id` or `name`, §11.5 `id` or `name`): when neither is sent,
 * both keys get the error, as Laravel's `required_without` reports it.
 */
import type { z } from 'zod';
import { ruleParams, type RuleText } from './validation';

const requiredWithout: RuleText = {
	en: 'The :attribute field is required when :other is not present.',
	ru: 'Поле :attribute обязательно для заполнения, когда :other не указано.',
};

/** A refinement (run also when other fields failed) requiring `first` or `second`. */
export function eitherOf(first: string, second: string) {
	const check = (input: Record<string, unknown>, ctx: z.RefinementCtx) => {
		if (input[first] != null || input[second] != null) return;
		for (const [field, other] of [
			[first, second],
			[second, first],
		]) {
			const vars = { other: other.replace(/_/g, ' ') };
			ctx.addIssue({ code: 'custom', path: [field], input: undefined, ...ruleParams(requiredWithout, vars) });
		}
	};
	return [check, { when: () => true }] as const;
}
