// Moved to @portal/ui/testing (one component-test harness for every MFE). This re-export stays only for
// mfe-fleet and mfe-schedule, whose tests still import this path while they are being rewritten; delete it once
// they import '@portal/ui/testing'. mfe-accounts' own tests do not use it.
export * from '@portal/ui/testing';
