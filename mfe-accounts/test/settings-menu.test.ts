// Settings' hideRoutes choices come from the deployed manifests (PortalProps.menu), not from a copy in contracts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PortalMenuEntry } from '@portal/ui';
import { menuChoices } from '../src/pages/admin/settingsKeys.js';

const entry = (section: 'user' | 'admin', key: string, order: number): PortalMenuEntry => ({
  section,
  key,
  label: key.toUpperCase(),
  order,
  path: `/dashboard/${key}`,
  mfe: 'x',
});

test('user entries first, each section in menu order; admin entries marked', () => {
  const menu = [entry('admin', 'settings', 120), entry('user', 'orders', 30), entry('user', 'profile', 10)];
  assert.deepEqual(
    menuChoices(menu).map((c) => [c.key, c.admin]),
    [
      ['profile', false],
      ['orders', false],
      ['settings', true],
    ],
  );
});

test('a hidden key whose MFE is not deployed stays offered, so it can be un-hidden', () => {
  const choices = menuChoices([entry('user', 'profile', 10)], ['profile', 'billing']);
  assert.deepEqual(
    choices.map((c) => c.key),
    ['profile', 'billing'],
  );
  assert.match(choices[1]!.label, /not deployed/);
  assert.deepEqual(menuChoices(undefined, []), []);
});
