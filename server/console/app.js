// The console: a navigation of screens by the URL's hash (#/users, ...), each a client of the admin routes.
import { render } from './vendor/preact.mjs';
import { useEffect, useState } from './vendor/preact-hooks.mjs';
import { base, html, openSession, signOut } from './api.js';
import { Audit } from './audit.js';
import { Contacts } from './contacts.js';
import { Deprecations } from './deprecations.js';
import { Lists } from './lists.js';
import { Overview } from './overview.js';
import { Projects } from './projects.js';
import { TestDouble } from './test-double.js';
import { Users } from './users.js';
import { Problem } from './ui.js';

const SCREENS = [
	['overview', 'Overview', Overview],
	['users', 'Users', Users],
	['projects', 'Projects and bots', Projects],
	['contacts', 'Contacts', Contacts],
	['lists', 'Lists', Lists],
	['deprecations', 'Deprecations', Deprecations],
	['test-double', 'Test double', TestDouble],
	['audit', 'Audit', Audit],
];

const screenOf = () => window.location.hash.replace(/^#\/?/, '') || 'overview';

function App({ session }) {
	const [screen, setScreen] = useState(screenOf());
	const [error, setError] = useState(undefined);
	useEffect(() => {
		const follow = () => setScreen(screenOf());
		window.addEventListener('hashchange', follow);
		return () => window.removeEventListener('hashchange', follow);
	}, []);
	// After a change of screen the screen takes the focus, so that keyboard and screen-reader users land on it.
	const [moved, setMoved] = useState(false);
	useEffect(() => {
		if (moved) document.getElementById('main')?.focus();
		setMoved(true);
	}, [screen]);
	const screens = SCREENS.filter(([name]) => name !== 'test-double' || session.test_double);
	const [, , Screen] = screens.find(([name]) => name === screen) || screens[0];
	const leave = () =>
		signOut().then(
			() => window.location.assign(`${base}/console/sign-in`),
			(failure) => setError(failure),
		);
	return html`<a class="skip" href="#main">Skip to the screen</a>
		<header>
			<h1>Bot Platform console</h1>
			<nav aria-label="Screens">
				<ul>
					${screens.map(
						([name, title]) =>
							html`<li><a href=${`#/${name}`} aria-current=${name === screen ? 'page' : undefined}>${title}</a></li>`,
					)}
				</ul>
			</nav>
			<button type="button" class="sign-out" onClick=${leave}>Sign out</button>
			<${Problem} error=${error} />
		</header>
		<main id="main" tabindex="-1"><${Screen} key=${screen} /></main>`;
}

const root = document.getElementById('app');
const show = (view) => {
	root.textContent = '';
	render(view, root);
};
openSession().then(
	(session) => show(html`<${App} session=${session} />`),
	(failure) => show(html`<${Problem} error=${failure} />`),
);
