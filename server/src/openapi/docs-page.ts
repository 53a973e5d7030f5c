/**
 * The API reference page (`GET /docs`): Swagger UI, from the swagger-ui-dist package served by this server,
 * rendering `GET /openapi.json`. Nothing is fetched from anywhere else, which the page's CSP also enforces.
 */

/** The page; `base` is the path PUBLIC_URL puts before the server's own paths ('' at the root). */
export function docsPage(base: string): string {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bot Platform API reference</title>
<link rel="stylesheet" href="${base}/docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="${base}/docs/assets/favicon-32x32.png">
</head>
<body>
<div id="reference" data-document="${base}/openapi.json"></div>
<script src="${base}/docs/assets/swagger-ui-bundle.js"></script>
<script src="${base}/docs/reference.js"></script>
</body>
</html>
`;
}

/** Starts Swagger UI on the page's own document. A file, not an inline script, so the CSP can forbid inline scripts. */
export const DOCS_SCRIPT = `'use strict';
var root = document.getElementById('reference');
window.ui = SwaggerUIBundle({
	url: root.dataset.document,
	domNode: root,
	deepLinking: true,
	// Swagger UI's default sends the document to validator.swagger.io for a badge; the tests lint it instead.
	validatorUrl: null,
	// "Try it out" sends Accept: */*, for which the API answers a validation failure with the platform's redirect
	// (§4.1): ask for JSON, as an integration does, unless the person set an Accept of their own.
	requestInterceptor: function (request) {
		var names = Object.keys(request.headers).filter(function (name) {
			return name.toLowerCase() === 'accept';
		});
		var accept = names.map(function (name) {
			return request.headers[name];
		})[0];
		if (accept && accept !== '*/*') return request;
		names.forEach(function (name) {
			delete request.headers[name];
		});
		request.headers.Accept = 'application/json';
		return request;
	},
});
`;

/**
 * Only this server: Swagger UI styles elements inline and draws its icons as data: URLs; requests go to this
 * server, or to PUBLIC_URL when "Try it out" is used there.
 */
export function docsContentSecurityPolicy(publicOrigin: string | undefined): string {
	return [
		"default-src 'none'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		`connect-src 'self'${publicOrigin === undefined ? '' : ` ${publicOrigin}`}`,
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	].join('; ');
}
