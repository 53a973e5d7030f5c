/** The tag methods (§10). */
import type { ApiMethod } from '../api-method';
import { attachTagToContact } from './attach-tag-to-contact';
import { detachTagFromContact } from './detach-tag-from-contact';
import { getBotTags } from './get-bot-tags';
import { getContactTags } from './get-contact-tags';

export const tagMethods: ApiMethod[] = [getBotTags, getContactTags, attachTagToContact, detachTagFromContact];
