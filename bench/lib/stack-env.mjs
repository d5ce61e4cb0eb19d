// The local stack's environment (deploy/local/env.sh defaults), as the portal's services get it.
import { execFileSync } from 'node:child_process';

export function stackEnv(root) {
  const out = execFileSync('bash', ['-c', 'set -a; source deploy/local/env.sh >/dev/null; env -0'], {
    cwd: root,
    encoding: 'utf8',
  });
  return Object.fromEntries(
    out
      .split('\0')
      .filter((l) => l.indexOf('=') > 0)
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}
