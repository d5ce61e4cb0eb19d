import { readFile, readdir, readlink } from 'node:fs/promises';

/** The socket inodes listening on a TCP port, from the kernel's tables (IPv4 and IPv6). */
async function listenerInodes(port: number): Promise<Set<string>> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; the inode is the tenth column
      if (cols.length > 9 && cols[1]!.endsWith(`:${hexPort}`) && cols[3] === '0A') inodes.add(cols[9]!);
    }
  }
  return inodes;
}

/**
 * Whether the process `pid` holds the socket listening on `port`. A port a test reserved and released can be taken
 * by any other process before the one it was meant for binds it; an answer on that port proves nothing until this
 * says the listener is the process the test started.
 */
export async function holdsListener(pid: number, port: number): Promise<boolean> {
  const inodes = await listenerInodes(port);
  if (inodes.size === 0) return false;
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const m = /^socket:\[(\d+)\]$/.exec(target);
    if (m && inodes.has(m[1]!)) return true;
  }
  return false;
}
