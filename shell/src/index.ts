// Async boundary: shared singletons (react, @portal/ui, ...) are negotiated before any of them is used.
import('./bootstrap.js');
