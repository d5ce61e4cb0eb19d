// The signing part's public face: the schedule reuses SignManifests with a route's order ids.
export { SignManifests, type SignKind, type SignManifestsProps } from './SignManifests.js';
export { SignManifestButton, signKindsFor } from './SignManifestButton.js';
