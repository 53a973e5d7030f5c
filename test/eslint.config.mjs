// The tests' lint: the repository's rules (eslint.repository.mjs); patterns are relative to test/.
import { anyAllowed, repositoryConfig } from '../eslint.repository.mjs';

export default repositoryConfig(import.meta.dirname, anyAllowed(['**/*.ts']));
