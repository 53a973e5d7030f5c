/** What the tag reads send (§10.3, §10.4): names only, as the platforms do. */
import { z } from 'zod';

export const tagNamesJson = z.array(z.string()).meta({ id: 'TagNames', description: 'Tag names.' });
