/**
 * n8n-core reads its settings when first loaded and writes an encryption key to `~/.n8n/config` if it finds
 * none. Imported before n8n-core, this gives it a throw-away folder and a fixed key, so tests never touch
 * the user's home, and silences n8n's logger (it logs every node error the tests provoke on purpose).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-test-'));
process.env.N8N_ENCRYPTION_KEY ??= 'test-encryption-key-not-secret';
process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';
