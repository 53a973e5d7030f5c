/**
 * The one piece of n8n the tests fake: its credential store (a database of encrypted credentials in the
 * n8n CLI). It serves the test's credential data with the credential type's defaults, and applies the type's
 * declarative `authenticate` block by evaluating its expressions with n8n's own expression engine, the way the
 * CLI's CredentialsHelper does.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, isExpression } from 'n8n-workflow';

export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	private type(name: string): ICredentialType {
		const type = this.types[name];
		if (!type) throw new Error(`unknown credential type ${name}`);
		return type;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (authenticate?.type === 'generic') {
			if (!workflow || !node) throw new Error('declarative authentication needs the workflow and the node');
			const resolve = (value: string) =>
				isExpression(value)
					? String(
							workflow.expression.getSimpleParameterValue(
								node,
								value,
								'internal',
								{ $credentials: credentials },
								undefined,
								'',
							) ?? '',
						)
					: value;
			for (const [target, entries] of Object.entries(authenticate.properties)) {
				const bag = ((requestOptions as unknown as Record<string, Record<string, string>>)[target] ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, string>)) bag[resolve(key)] = resolve(value);
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(_details: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		throw new Error(`raw credentials of ${type} are not available in tests`);
	}

	async getDecrypted(
		_additionalData: unknown,
		_details: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const defaults = Object.fromEntries(
			this.type(type).properties.map((p) => [p.name, p.default]),
		) as ICredentialDataDecryptedObject;
		return { ...defaults, ...this.data[type] };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}
}
