/**
 * The console's browser files: its own modules and stylesheet (`server/console/`, plain ES modules, no build), and
 * Preact, its hooks and htm from their npm packages. Only the files listed at start-up are served.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Router } from 'express';

/** `server/console/`, beside `src/` and `dist/` alike. */
const OWN_FILES = join(__dirname, '..', '..', 'console');

interface Asset {
	type: string;
	text: string;
}

function vendorFiles(): Record<string, string> {
	const preact = dirname(require.resolve('preact/package.json'));
	return {
		'preact.mjs': readFileSync(join(preact, 'dist', 'preact.mjs'), 'utf8'),
		// The hooks import Preact by its package name, which a browser cannot resolve without an import map (an inline
		// script, which the CSP forbids): the one import is pointed at the file served beside it.
		'preact-hooks.mjs': readFileSync(join(preact, 'hooks', 'dist', 'hooks.mjs'), 'utf8').replace(
			/from\s*["']preact["']/g,
			'from"./preact.mjs"',
		),
		// htm exports no package.json; its CommonJS entry sits beside the browser module.
		'htm.mjs': readFileSync(join(dirname(require.resolve('htm')), 'htm.module.js'), 'utf8'),
	};
}

function loadAssets(): Map<string, Asset> {
	const assets = new Map<string, Asset>();
	for (const [name, text] of Object.entries(vendorFiles())) assets.set(`vendor/${name}`, { type: 'js', text });
	for (const name of readdirSync(OWN_FILES)) {
		if (/\.(js|css)$/.test(name)) {
			assets.set(name, { type: name.endsWith('.css') ? 'css' : 'js', text: readFileSync(join(OWN_FILES, name), 'utf8') });
		}
	}
	return assets;
}

export function consoleAssets(): Router {
	const assets = loadAssets();
	const router = Router();
	router.get('/{*file}', (req, res, next) => {
		const asset = assets.get(req.path.slice(1));
		if (!asset) return next();
		res.set('Cache-Control', 'no-cache').type(asset.type).send(asset.text);
	});
	return router;
}
