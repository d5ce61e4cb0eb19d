// The module under test, chosen per test by component.ts (esbuild alias).
declare module 'portal-test-subject';
