/**
 * Database commands per successful API call. Each method's test file counts its calls and holds them to the
 * `commands` of its declaration (`countsCommands`, `server/test/support/commands-per-call.ts`), which also fails when
 * a counted case is not one the declaration names. This file holds that no served method goes uncounted, reading
 * the test files: jest runs each in isolation, so no registry would see them all.
 */
import { apiMethods } from '../../src/api';
import { methodsPassedTo } from '../support/method-test-files';

const counted = methodsPassedTo('countsCommands');

test('every API method the server serves is counted (aliases by the method they alias)', () => {
	const served = apiMethods.filter((method) => method.aliasOf === undefined).map((method) => method.name);
	expect([...new Set(counted)].sort()).toEqual(served.sort());
});

test('every counted method is counted in one place, all its cases together', () => {
	expect(counted.filter((method, i) => counted.indexOf(method) !== i)).toEqual([]);
});
