/**
 * The log's net below the access lines: a field named like a secret (API key, token, cookie) is censored wherever a
 * caller puts it, down to three levels below a line's fields, errors included; nothing else on the line changes.
 */
import { capturedLog } from '../support/captured-log';

test('secret fields are censored at the top and nested, in objects and arrays; the caller’s object is not changed', () => {
	const { logger, lines } = capturedLog();
	const fields = {
		authorization: 'Bearer top',
		request: { headers: { authorization: 'Bearer nested', cookie: 'session=1', accept: 'application/json' } },
		deep: { one: { two: { api_token: 'bp_deep' } } },
		list: [{ api_key: 'bp_listed', name: 'kept' }],
		settings: { adminToken: 'admin', metricsToken: 'metrics', port: 3000 },
		plain: 'kept',
	};
	const before = JSON.stringify(fields);
	logger.info(fields, 'with secrets');
	expect(JSON.stringify(fields)).toBe(before);
	expect(lines[0]).toMatchObject({
		msg: 'with secrets',
		authorization: '[redacted]',
		request: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' } },
		deep: { one: { two: { api_token: '[redacted]' } } },
		list: [{ api_key: '[redacted]', name: 'kept' }],
		settings: { adminToken: '[redacted]', metricsToken: '[redacted]', port: 3000 },
		plain: 'kept',
	});
	for (const secret of ['Bearer', 'session=1', 'bp_', 'admin"', 'metrics"'])
		expect(JSON.stringify(lines[0])).not.toContain(secret);
});

test('an error keeps its message and stack, and loses the secrets it carries', () => {
	const { logger, lines } = capturedLog();
	const error = Object.assign(new Error('upstream refused'), {
		code: 'E_UPSTREAM',
		config: { headers: { authorization: 'Bearer carried', 'x-admin-token': 'admin-carried' } },
	});
	logger.error({ err: error }, 'failed');
	expect(lines[0].err).toMatchObject({
		type: 'Error',
		message: 'upstream refused',
		stack: expect.stringContaining('upstream refused'),
		code: 'E_UPSTREAM',
		config: { headers: { authorization: '[redacted]', 'x-admin-token': '[redacted]' } },
	});
	expect(error.config.headers.authorization).toBe('Bearer carried');
});

test('child bindings are censored too', () => {
	const { logger, lines } = capturedLog();
	logger.child({ api_token: 'bp_bound', req_id: 'r1' }).info('bound');
	expect(lines[0]).toMatchObject({ api_token: '[redacted]', req_id: 'r1', msg: 'bound' });
});
