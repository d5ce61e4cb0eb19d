// Async boundary: shared singletons (react, @portal/ui, ...) are negotiated before any of them is used.
// /login loaded as a page hands off to Keycloak from a small entry of its own (login.ts), without the portal's base;
// if that fails or the browser stays, the full portal opens and its sign-in screen offers the button.
const portal = () => {
  document.getElementById('portal-main')?.replaceChildren();
  return import('./bootstrap.js');
};
if (window.location.pathname === '/login') {
  import('./login.js')
    .then((m) => m.handOff())
    .catch((e: unknown) => console.warn('sign-in hand-off failed', e))
    .finally(() => void portal());
} else void portal();
