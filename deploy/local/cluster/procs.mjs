// Process helpers of the cluster rehearsal: each unit runs detached in its own process group, its pid in
// run/<unit>.pid and its output appended to logs/<unit>.log, so a kill reaches exactly that unit.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logDir, runDir } from './layout.mjs';

export const pidFile = (unit) => join(runDir, `${unit}.pid`);
export const logFile = (unit) => join(logDir, `${unit}.log`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // a zombie waiting to be reaped is not running
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

export function pidOf(unit) {
  if (!existsSync(pidFile(unit))) return undefined;
  const pid = Number(readFileSync(pidFile(unit), 'utf8'));
  return alive(pid) ? pid : undefined;
}

export function notePid(unit, pid) {
  mkdirSync(runDir, { recursive: true });
  writeFileSync(pidFile(unit), String(pid));
}

/** Starts `cmd args` as unit `unit` (own process group, output to its log); answers the pid. */
export function spawnUnit(unit, cmd, args, { cwd, env = process.env } = {}) {
  mkdirSync(logDir, { recursive: true });
  const out = openSync(logFile(unit), 'a');
  writeFileSync(out, `\n==== ${unit} start ${new Date().toISOString()} ====\n`);
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', out, out] });
  child.unref();
  notePid(unit, child.pid);
  return child.pid;
}

/**
 * Stops a unit: `signal` to its whole process group (SIGKILL = a crash; SIGTERM = an orderly stop, SIGKILL after
 * `graceMs`). Resolves once the process is gone.
 */
export async function stopUnit(unit, signal = 'SIGTERM', graceMs = 15_000) {
  const pid = pidOf(unit);
  rmSync(pidFile(unit), { force: true });
  if (!pid) return false;
  const send = (sig) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  send(signal);
  const until = Date.now() + graceMs;
  while (alive(pid)) {
    if (Date.now() > until) send('SIGKILL');
    await sleep(100);
  }
  return true;
}

/** True when `url` answers 2xx within 2 s. */
export async function httpOk(url) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await r.arrayBuffer();
    return r.ok;
  } catch {
    return false;
  }
}

/** Waits until `check()` is true; throws with the unit's log tail after `ms`, or when the unit died. */
export async function waitFor(unit, check, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    const dead = unit && !pidOf(unit);
    if (dead || Date.now() > until) {
      const tail = existsSync(logFile(unit ?? ''))
        ? readFileSync(logFile(unit), 'utf8').split('\n').slice(-25).join('\n')
        : '';
      throw new Error(`${unit ?? 'check'} ${dead ? 'exited' : `not ready after ${ms / 1000} s`}\n${tail}`);
    }
    await sleep(250);
  }
}

/** RSS (MB) and CPU seconds of every process in a unit's group (a service's workers, nginx's workers). */
export function usage(unit) {
  const pid = pidOf(unit);
  if (!pid) return undefined;
  const out = execFileSync('ps', ['-eo', 'pgid=,rss=,times='], { encoding: 'utf8' });
  let rss = 0;
  let cpu = 0;
  for (const line of out.trim().split('\n')) {
    const [group, kb, secs] = line.trim().split(/\s+/).map(Number);
    if (group !== pid) continue;
    rss += kb || 0;
    cpu += secs || 0;
  }
  return { rssMb: Math.round(rss / 1024), cpuS: cpu };
}
