// The signing part's public face (issue 13): the schedule (issue 14) reuses SignManifests with a route's order ids.
export { SignManifests, type SignKind, type SignManifestsProps } from './SignManifests.js';
export { SignManifestButton, signKindsFor } from './SignManifestButton.js';
