import react from '@vitejs/plugin-react';
import { keycloakify } from 'keycloakify/vite-plugin';
import { defineConfig } from 'vite';

// The portal's Keycloak login theme. `keycloakify build` runs this Vite build, then Maven packs the jar
// (dist_keycloak/portal-theme.jar). Only the Keycloak 26+ jar: the stack and the operator run 26.4.
export default defineConfig({
  plugins: [
    react(),
    keycloakify({
      themeName: 'portal',
      accountThemeImplementation: 'none',
      // the brand name beside the logo (the shell's default appName); a site sets it in Keycloak's environment
      environmentVariables: [{ name: 'PORTAL_APP_NAME', default: 'Delivery Portal' }],
      keycloakVersionTargets: { '22-to-25': false, 'all-other-versions': 'portal-theme.jar' },
    }),
  ],
  build: { target: 'es2022', reportCompressedSize: false },
});
