// The toasts' own rules, on the module the shell's one <Toaster/> renders (every MFE's toast reaches it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { onToasts, toast, type ToastItem } from '../src/toast.js';

let shown: ToastItem[] = [];
const stop = onToasts((t) => (shown = t));
const texts = () => shown.map((t) => `${t.type}:${t.text}`);
const clear = () => shown.forEach((t) => toast.dismiss(t.id));

test('a success replaces the errors still on screen; infos stay', () => {
  toast.error('Update failed: Forbidden');
  toast.error('Order not found');
  toast.info('Upload cancelled');
  assert.deepEqual(texts(), [
    'error:Update failed: Forbidden',
    'error:Order not found',
    'info:Upload cancelled',
  ]);
  toast.success('Order updated');
  assert.deepEqual(texts(), ['info:Upload cancelled', 'success:Order updated']);
  // the same success again while errors came in between: one success, the new error gone
  toast.error('Update failed: Forbidden');
  toast.success('Order updated');
  assert.deepEqual(texts(), ['info:Upload cancelled', 'success:Order updated']);
  clear();
});

test('the same message of the same kind shows once; at most four, the oldest goes first', () => {
  toast.error('Nope');
  toast.error('Nope');
  assert.deepEqual(texts(), ['error:Nope']);
  for (const n of [1, 2, 3, 4]) toast.info(`Note ${n}`);
  assert.deepEqual(texts(), ['info:Note 1', 'info:Note 2', 'info:Note 3', 'info:Note 4']);
  clear();
  assert.deepEqual(texts(), []);
  stop();
});
