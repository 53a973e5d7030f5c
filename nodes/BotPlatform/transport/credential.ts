/** The credential type the node and the trigger authenticate with (see `credentials/BotPlatformApi.credentials.ts`). */
export const CREDENTIAL_TYPE = 'botPlatformApi';

export interface BotPlatformCredentials {
	apiKey: string;
	baseUrl: string;
	ignoreSslIssues?: boolean;
	[key: string]: unknown;
}
