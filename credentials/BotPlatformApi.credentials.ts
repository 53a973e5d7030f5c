import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';
import { API_BASE_URL_EXPRESSION } from '../nodes/BotPlatform/transport/base-url';

export class BotPlatformApi implements ICredentialType {
	name = 'botPlatformApi';

	displayName = 'Bot Platform API';

	icon = { light: 'file:../nodes/BotPlatform/botPlatform.svg', dark: 'file:../nodes/BotPlatform/botPlatform.dark.svg' } as const;

	// The README section for n8n users (package.json's homepage); a test checks that the anchor exists.
	documentationUrl = 'https://github.com/bot-platform/n8n-nodes-bot-platform#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'The key from your Bot Platform profile, on the API tab. Regenerating it there, or changing the password, makes the old key stop working.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			// No default: an address that looks real but is not yours would only fail later, at the first call.
			default: '',
			placeholder: 'e.g. https://bots.example.com',
			required: true,
			hint: 'The address of your Bot Platform server; a trailing / or a pasted /api/v1 is ignored',
			description: 'Address of the Bot Platform you use: the hosted service, or your own server such as http://localhost:3000',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSslIssues',
			type: 'boolean',
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};

	// getMe is the spec's way to check a key (§5.5). The rules give each refusal its actionable message.
	test: ICredentialTestRequest = {
		request: {
			baseURL: API_BASE_URL_EXPRESSION,
			url: '/getMe',
			method: 'GET',
			headers: { Accept: 'application/json' },
			skipSslCertificateValidation: '={{$credentials.ignoreSslIssues}}',
		},
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: 'Invalid API key: copy it again from your profile, API tab' } },
			{ type: 'responseCode', properties: { value: 402, message: 'The user of this API key needs the Pro plan to use the API' } },
			{ type: 'responseCode', properties: { value: 403, message: 'The user of this API key is blocked' } },
			{ type: 'responseCode', properties: { value: 404, message: 'No Bot Platform API at this address: check the Base URL' } },
		],
	};
}
