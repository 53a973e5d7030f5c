// The scripts' lint: the repository's rules (eslint.repository.mjs); patterns are relative to scripts/.
import { repositoryConfig } from '../eslint.repository.mjs';

export default repositoryConfig(import.meta.dirname);
