/** The Bot Platform Trigger's cursor arithmetic and clocks, without a server. */
import { pollNow, serverSeconds, unixSeconds } from '../../nodes/BotPlatform/trigger/clock';
import {
	advanceCursor,
	isNew,
	MAX_RECENT_IDS,
	OVERLAP_SECONDS,
	parseCursor,
	seedCursor,
	SETTLE_SECONDS,
	windowStart,
} from '../../nodes/BotPlatform/trigger/cursor';

describe('advanceCursor', () => {
	const NOW = 10_000;
	const old = NOW - SETTLE_SECONDS; // created exactly SETTLE_SECONDS ago: settled
	const fresh = NOW - 5;
	const previous = { lastId: 10, lastCreatedAt: 9_000, botId: 0, recentIds: [] as number[] };
	const seen = (handled: [number, number | undefined][], maxCreatedAt?: number, now = NOW) => ({
		handled: handled.map(([id, createdAt]) => ({ id, createdAt })),
		maxCreatedAt,
		now,
	});

	test('moves lastId past settled contacts and the window to the newest created_at seen', () => {
		expect(
			advanceCursor(
				previous,
				seen(
					[
						[11, old],
						[15, old],
					],
					9_500,
				),
				0,
			),
		).toEqual({
			lastId: 15,
			lastCreatedAt: 9_500,
			botId: 0,
			recentIds: [],
		});
	});

	test('keeps contacts created within SETTLE_SECONDS in recentIds, above lastId', () => {
		expect(
			advanceCursor(
				previous,
				seen(
					[
						[11, old],
						[12, fresh],
						[14, fresh],
					],
					fresh,
				),
				0,
			),
		).toEqual({
			lastId: 11,
			lastCreatedAt: fresh,
			botId: 0,
			recentIds: [12, 14],
		});
	});

	test('a settled contact settles every lower recent ID; recent IDs no longer read are kept', () => {
		const before = { ...previous, recentIds: [12, 13, 20] };
		expect(
			advanceCursor(
				before,
				seen(
					[
						[12, old],
						[14, old],
						[15, fresh],
					],
					fresh,
				),
				0,
			),
		).toMatchObject({ lastId: 14, recentIds: [15, 20] });
		expect(advanceCursor(before, seen([]), 0)).toEqual({ ...before, lastCreatedAt: 9_000 });
	});

	test('a contact without a readable time never settles by itself', () => {
		expect(advanceCursor(previous, seen([[11, undefined]]), 0)).toMatchObject({ lastId: 10, recentIds: [11] });
	});

	test('never moves lastId back, and keeps lastCreatedAt when nothing newer was seen', () => {
		expect(advanceCursor(previous, seen([], 8_000), 0)).toEqual(previous);
	});

	test('caps lastCreatedAt at now, so a future-dated contact cannot move the window ahead', () => {
		expect(advanceCursor(previous, seen([[11, 99_999]], 99_999), 0)).toMatchObject({
			lastCreatedAt: NOW,
			lastId: 10,
			recentIds: [11],
		});
		// A clock that went back moves it back too: a wider window, never a narrower one.
		expect(advanceCursor(previous, seen([], undefined, 8_500), 0).lastCreatedAt).toBe(8_500);
	});

	test('bounds recentIds at MAX_RECENT_IDS by settling the lowest first', () => {
		const burst = Array.from({ length: MAX_RECENT_IDS + 3 }, (_, i): [number, number] => [100 + i, fresh]);
		const next = advanceCursor(previous, seen(burst, fresh), 0);
		expect(next.recentIds).toHaveLength(MAX_RECENT_IDS);
		expect(next.lastId).toBe(102);
		expect(next.recentIds[0]).toBe(103);
	});
});

test('seedCursor: the newest contact, or 0 and now when there is none', () => {
	expect(seedCursor({ id: 7, createdAt: 900 }, 1_000, 3)).toEqual({ lastId: 7, lastCreatedAt: 900, botId: 3, recentIds: [] });
	expect(seedCursor({ id: 7, createdAt: 5_000 }, 1_000, 0)).toMatchObject({ lastCreatedAt: 1_000 });
	expect(seedCursor(undefined, 1_234, 5)).toEqual({ lastId: 0, lastCreatedAt: 1_234, botId: 5, recentIds: [] });
});

test('isNew: above lastId and not emitted recently', () => {
	const cursor = { lastId: 10, lastCreatedAt: 0, botId: 0, recentIds: [12] };
	const recent = new Set(cursor.recentIds);
	expect([9, 10, 11, 12, 13].filter((id) => isNew(cursor, recent, id))).toEqual([11, 13]);
	expect(isNew(undefined, new Set(), 1)).toBe(true);
});

test('windowStart reads from the overlap before lastCreatedAt, never below 0', () => {
	expect(OVERLAP_SECONDS).toBe(120);
	expect(windowStart({ lastId: 1, lastCreatedAt: 10_000, botId: 0, recentIds: [] })).toBe(9_880);
	expect(windowStart({ lastId: 1, lastCreatedAt: 60, botId: 0, recentIds: [] })).toBe(0);
});

test('parseCursor accepts only a cursor this code wrote', () => {
	expect(parseCursor({ lastId: 3, lastCreatedAt: 100, botId: 0, recentIds: [9, 5] })).toEqual({
		lastId: 3,
		lastCreatedAt: 100,
		botId: 0,
		recentIds: [5, 9],
	});
	expect(parseCursor({ lastId: 3, lastCreatedAt: 100, botId: 0 })).toEqual({
		lastId: 3,
		lastCreatedAt: 100,
		botId: 0,
		recentIds: [],
	});
	expect(parseCursor(undefined)).toBeUndefined();
	expect(parseCursor({})).toBeUndefined();
	expect(parseCursor({ lastId: '3', lastCreatedAt: 100, botId: 0 })).toBeUndefined();
	expect(parseCursor({ lastId: -1, lastCreatedAt: 100, botId: 0 })).toBeUndefined();
	expect(parseCursor({ lastId: 3, lastCreatedAt: 1.5, botId: 0 })).toBeUndefined();
	expect(parseCursor({ lastId: 3, lastCreatedAt: 100 })).toBeUndefined();
	expect(parseCursor({ lastId: 3, lastCreatedAt: 100, botId: 0, recentIds: [2] })).toBeUndefined();
	expect(parseCursor({ lastId: 3, lastCreatedAt: 100, botId: 0, recentIds: 'x' })).toBeUndefined();
});

describe('clocks', () => {
	test('unixSeconds floors ISO times and rejects what is not one', () => {
		expect(unixSeconds('2024-05-01T10:00:00.999Z')).toBe(1_714_557_600);
		expect(unixSeconds('2024-05-01T12:00:00+02:00')).toBe(1_714_557_600);
		expect(unixSeconds('yesterday')).toBeUndefined();
		expect(unixSeconds(undefined)).toBeUndefined();
	});

	test('serverSeconds reads the Date header, whatever its case', () => {
		expect(serverSeconds({ date: 'Wed, 01 May 2024 10:00:00 GMT' })).toBe(1_714_557_600);
		expect(serverSeconds({ Date: 'Wed, 01 May 2024 10:00:00 GMT' })).toBe(1_714_557_600);
		expect(serverSeconds({})).toBeUndefined();
		expect(serverSeconds(undefined)).toBeUndefined();
	});

	test('pollNow takes the earlier of the two clocks', () => {
		expect(pollNow(1_714_557_600_500, undefined)).toBe(1_714_557_600);
		expect(pollNow(1_714_557_600_500, 1_714_557_000)).toBe(1_714_557_000);
		expect(pollNow(1_714_557_000_000, 1_714_557_600)).toBe(1_714_557_000);
	});
});
