import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { KcPage } from './kc.gen';

// Keycloak renders the page's FreeMarker template, which sets window.kcContext before this script runs.
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      {window.kcContext ? <KcPage kcContext={window.kcContext} /> : <p>No Keycloak context.</p>}
    </StrictMode>,
  );
