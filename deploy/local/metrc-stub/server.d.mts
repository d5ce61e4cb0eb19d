// Types of the Metrc stub for the TypeScript tests that start it in-process (services/orders/test/**/metrc*).
export interface StubTransfer {
  manifestNo: string;
  shipper: string;
  recipient: string;
  /** A count (all in the state's package state) or each package's ShipmentPackageState. */
  packages?: number | string[];
  /** pending, in-transit, received, rejected or partial. */
  state?: string;
  lastModified?: string;
  id?: number;
}
export interface StubMode {
  mode: 'normal' | 'slow' | 'failing' | 'rate-limited';
  delayMs?: number;
  failFirst?: number;
  burst?: number;
  retryAfter?: number;
}
export interface StubStats {
  calls: number;
  ok: number;
  rateLimited: number;
  failed: number;
  unauthorized: number;
}
export interface MetrcStub {
  url: string;
  setMode(mode: StubMode): void;
  setTransfers(t: StubTransfer[] | null): void;
  stats(): StubStats;
  close(): Promise<void>;
}
export function startMetrcStub(opts?: {
  port?: number;
  host?: string;
  transfers?: StubTransfer[];
  mode?: StubMode;
  mongoUrl?: string;
  ordersDb?: string;
}): Promise<MetrcStub>;
