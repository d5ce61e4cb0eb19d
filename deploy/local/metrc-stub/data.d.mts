// Types of the stub's data helpers for the TypeScript tests (deploy/test/metrc-stub.test.ts).
import type { StubTransfer } from './server.mjs';
export function transferOf(t: StubTransfer, i: number): Record<string, unknown>;
export function transfersFromOrders(
  orders: unknown[],
): (StubTransfer & { packages: number; state: string })[];
export function readDemoOrders(mongoUrl: string, dbName: string): Promise<unknown[]>;
