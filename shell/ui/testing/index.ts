// @portal/ui/testing: the component-test harness every MFE's test/ uses (one screen bundled with esbuild, a fake
// /api answered by the test, Debian's Chromium). Test-only: production bundles never import it (the shell's
// bundle-budget test checks that no test code ships). The whole-portal browser suite is '@portal/ui/testing/portal',
// the manifest tests '@portal/ui/testing/manifest'.
export {
  mountComponent,
  screenshotDir,
  type Answer,
  type ComponentOptions,
  type FakeRoutes,
  type Mounted,
} from './component.js';
