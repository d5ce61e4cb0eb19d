// The CPU time the stack's processes spent (utime + stime from /proc), per part: a profile script's figure per
// request or per job, which moves far less with a shared machine's noise than a latency does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pids = (...args) =>
  execFileSync('pgrep', args, { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);

/** CPU ms a set of processes has used so far (one that ended since is not counted: compare before and after). */
export const cpuMs = (list) =>
  list.reduce((sum, pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      return sum;
    }
  }, 0);

/**
 * A meter over the service under test, FerretDB and PostgreSQL's backends (listed now: PostgreSQL starts one per
 * connection, so make the meter after the service opened its pool). `since()` answers the CPU ms of each part since
 * the meter was made or last read.
 */
export function cpuMeter(servicePid) {
  const procs = {
    service: [servicePid],
    ferretdb: pids('-x', 'ferretdb'),
    postgres: pids('-f', '^postgres: '),
  };
  const read = () => Object.fromEntries(Object.entries(procs).map(([k, v]) => [k, cpuMs(v)]));
  let last = read();
  return {
    since() {
      const now = read();
      const spent = Object.fromEntries(Object.keys(now).map((k) => [k, now[k] - last[k]]));
      last = now;
      return spent;
    },
  };
}
