/** `GET /openapi.json` and `GET /docs`: the API described as data and as a page. Neither needs a key. */
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

export function referenceRouter(config: Config): Router {
	// Built once, when first asked for (it takes a few hundred milliseconds, which start-up need not wait for). It
	// depends only on the code and PUBLIC_URL, never on the request: a client's Host is not echoed.
	let document: string | undefined;
	const documentText = () =>
		(document ??= JSON.stringify(buildOpenApiDocument({ apiAreas, adminAreas, publicUrl: config.publicUrl })));
	const publicUrl = config.publicUrl === undefined ? undefined : new URL(config.publicUrl);
	const page = docsPage(publicUrl?.pathname.replace(/\/+$/, '') ?? '');
	const csp = docsContentSecurityPolicy(publicUrl?.origin);

	const router = Router();
	router.get('/openapi.json', (_req, res) => {
		res.type('json').send(documentText());
	});
	router.get('/docs', (_req, res) => {
		res.set({ 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' }).type('html').send(page);
	});
	router.get('/docs/reference.js', (_req, res) => {
		res.set('X-Content-Type-Options', 'nosniff').type('js').send(DOCS_SCRIPT);
	});
	router.get('/docs/assets/:file', (req, res, next) => {
		if (!ASSETS.has(req.params.file)) return next();
		res.set('X-Content-Type-Options', 'nosniff').sendFile(join(SWAGGER_UI, req.params.file), { maxAge: '1d' });
	});
	return router;
}
