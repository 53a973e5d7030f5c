/** The anchors GitHub gives a Markdown file's headings: lower case, punctuation (`§`, `.`, `:`) dropped, spaces to hyphens. */
export function headingAnchors(markdown: string): Set<string> {
	return new Set(
		markdown
			.split('\n')
			.filter((line) => /^#{1,6} /.test(line))
			.map((line) =>
				line
					.replace(/^#+ /, '')
					.trim()
					.toLowerCase()
					.replace(/[^\p{L}\p{N} _-]/gu, '')
					.replace(/ /g, '-'),
			),
	);
}
