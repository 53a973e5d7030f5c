/**
 * The console's two HTML pages: sign-in (a plain form, no script) and the application's shell, which loads the
 * console's modules from this server. Neither holds a secret: the CSRF token is fetched by the page (`/console/session`).
 */

/** Only this server, no inline script or style, no framing, forms only to this server. */
export const CONSOLE_CSP = [
	"default-src 'none'",
	"script-src 'self'",
	"style-src 'self'",
	"img-src 'self' data:",
	"connect-src 'self'",
	"form-action 'self'",
	"frame-ancestors 'none'",
	"base-uri 'none'",
].join('; ');

const escapeHtml = (text: string) =>
	text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function head(base: string, title: string): string {
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${base}/console/assets/console.css">
</head>`;
}

/** `base` is the path PUBLIC_URL puts before the server's own paths ('' at the root). */
export function signInPage(base: string, problem?: string): string {
	return `${head(base, 'Sign in · Bot Platform console')}
<body class="sign-in">
<main>
<h1>Bot Platform console</h1>
<form method="post" action="${base}/console/sign-in">
<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>\n` : ''}<button type="submit">Sign in</button>
</form>
<p class="hint">The server's <code>ADMIN_TOKEN</code>. It is checked once; the session then lives in a cookie this page's scripts cannot read.</p>
</main>
</body>
</html>
`;
}

export function appPage(base: string): string {
	return `${head(base, 'Bot Platform console')}
<body>
<div id="app" data-base="${base}"><p class="loading">Loading…</p></div>
<script type="module" src="${base}/console/assets/app.js"></script>
</body>
</html>
`;
}
