// Federated modules mfe-fleet loads from other remotes at run time (webpack.config.cjs `remotes`). The types come
// from the exposing MFE's own source (package.json "exports"), so a change of its props fails this MFE's type-check.
declare module 'mfe_schedule/WeeklySchedule' {
  export { WeeklySchedule, type WeeklyScheduleProps } from '@portal/mfe-schedule/WeeklySchedule';
}
