// The silent check-SSO's landing page script: only to the parent of this very origin (never '*').
parent.postMessage(location.href, location.origin);
