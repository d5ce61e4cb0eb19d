// Federated modules mfe-schedule loads from other remotes at run time (webpack.config.cjs `remotes`). The types come
// from the exposing MFE's own source (package.json "exports"), so a change of its props fails this MFE's type-check.
declare module 'mfe_orders/SignManifests' {
  export { SignManifests, type SignManifestsProps } from '@portal/mfe-orders/SignManifests';
}
