// One lint config for the whole repo (services, MFEs, shell, e2e).
import tseslint from 'typescript-eslint';
import { boundaries } from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // the bench's own builds of the services, and a copy of an earlier one (bench/profile.mjs ab)
      '**/dist-bench/**',
      '**/dist-a/**',
      '**/node_modules/**',
      // scripts/node-test.mjs's bundles of the test files (git-ignored)
      '**/.test-bundles/**',
      'deploy/local/.cache/**',
      '**/*.d.ts',
      'e2e/.report/**',
      'e2e/test-results/**',
      // keycloakify copies Keycloak's own scripts there for its dev server (git-ignored, not ours)
      'login-theme/public/keycloakify-dev-resources/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // no MFE, shell or service imports another one's source (scripts/lint/boundaries.mjs)
  ...boundaries,
);
