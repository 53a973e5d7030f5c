/** `GET /openapi.json` and `GET /docs`: the API described as data and as a page. Neither needs a key. */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Router } from 'express';
import { adminAreas } from '../admin';
import { apiAreas } from '../api';
import type { Config } from '../config';
import { buildOpenApiDocument } from './document';
import { docsContentSecurityPolicy, docsPage, DOCS_SCRIPT } from './docs-page';

const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page uses (its own index.html and initializer would load a demo from the web). */
const ASSETS = new Set([
	'swagger-ui-bundle.js',
	'swagger-ui-bundle.js.map',
	'swagger-ui.css',
	'swagger-ui.css.map',
	'favicon-16x16.png',
	'favicon-32x32.png',
]);

/**
 * A text that never changes while the server runs, with its ETag, hashed once: the app computes none (see app.ts),
 * but a browser or client may revalidate these (`res.send` answers a matching `If-None-Match` with a 304).
 */
interface FixedText {
	text: string;
	etag: string;
}

const fixedText = (text: string): FixedText => ({
	text,
	etag: `"${createHash('sha1').update(text).digest('base64url')}"`,
});

export function referenceRouter(config: Config): Router {
	// Built once, when first asked for (it takes a few hundred milliseconds, which start-up need not wait for). It
	// depends only on the code and PUBLIC_URL, never on the request: a client's Host is not echoed.
	let document: FixedText | undefined;
	const documentText = () =>
		(document ??= fixedText(JSON.stringify(buildOpenApiDocument({ apiAreas, adminAreas, publicUrl: config.publicUrl }))));
	const publicUrl = config.publicUrl === undefined ? undefined : new URL(config.publicUrl);
	const page = fixedText(docsPage(publicUrl?.pathname.replace(/\/+$/, '') ?? ''));
	const script = fixedText(DOCS_SCRIPT);
	const csp = docsContentSecurityPolicy(publicUrl?.origin);

	const router = Router();
	router.get('/openapi.json', (_req, res) => {
		const { text, etag } = documentText();
		res.set('ETag', etag).type('json').send(text);
	});
	router.get('/docs', (_req, res) => {
		res
			.set({ 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff', ETag: page.etag })
			.type('html')
			.send(page.text);
	});
	router.get('/docs/reference.js', (_req, res) => {
		res.set({ 'X-Content-Type-Options': 'nosniff', ETag: script.etag }).type('js').send(script.text);
	});
	router.get('/docs/assets/:file', (req, res, next) => {
		if (!ASSETS.has(req.params.file)) return next();
		res.set('X-Content-Type-Options', 'nosniff').sendFile(join(SWAGGER_UI, req.params.file), { maxAge: '1d' });
	});
	return router;
}
