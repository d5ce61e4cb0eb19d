#!/usr/bin/env node
// TypeScript strict checks, one program per set of workspaces that compile alike. Each workspace's tsconfig.json
// stays the source of truth (editors and `tsc -p <ws>` read it); here the workspaces whose resolved compiler options
// are equal are checked together, so the code they share (the kit, the contracts, the design system, and the type
// definitions of mongoose, fastify, React…) is checked once, not once per workspace: the services' eight runs took
// ~400 s of CPU, their one program ~80 s.
// Usage: node scripts/typecheck.mjs            prints the groups as JSON ([[ws, …], …])
//        node scripts/typecheck.mjs ws [ws …]  checks those workspaces as one program; exit 1 on any error
import ts from 'typescript';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parse(ws) {
  const file = join(root, ws, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    file,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${file} could not be read`);
  return parsed;
}

/** The options that decide how a file type-checks: everything but where the config file lives. */
function key({ options }) {
  const { configFilePath: _path, pathsBasePath: _base, ...rest } = options;
  return JSON.stringify(rest, Object.keys(rest).sort());
}

export function groups() {
  const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
  const byKey = new Map();
  for (const ws of workspaces.filter((w) => existsSync(join(root, w, 'tsconfig.json')))) {
    const k = key(parse(ws));
    byKey.set(k, [...(byKey.get(k) ?? []), ws]);
  }
  return [...byKey.values()];
}

function check(workspaces) {
  const parsed = workspaces.map(parse);
  const errors = parsed.flatMap((p) => p.errors);
  const rootNames = [...new Set(parsed.flatMap((p) => p.fileNames))];
  const program = ts.createProgram({ rootNames, options: parsed[0].options });
  const diagnostics = [...errors, ...ts.getPreEmitDiagnostics(program)];
  const host = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  if (diagnostics.length) process.stdout.write(ts.formatDiagnostics(diagnostics, host));
  console.log(`${workspaces.join(', ')}: ${rootNames.length} files, ${diagnostics.length} errors`);
  return diagnostics.length === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2);
  if (asked.length === 0) console.log(JSON.stringify(groups()));
  else process.exitCode = check(asked) ? 0 : 1;
}
