const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Prints an element (or raw HTML) through a hidden iframe, so the portal's frame is not on the paper. */
export function printHtml(html: string, title = 'Print'): void {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0';
  frame.setAttribute('aria-hidden', 'true');
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(
    `<!doctype html><html><head><title>${escapeHtml(title)}</title>` +
      '<style>body{font-family:system-ui,sans-serif;margin:16px}table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px}</style>' +
      `</head><body>${html}</body></html>`,
  );
  doc.close();
  const win = frame.contentWindow!;
  win.focus();
  win.print();
  setTimeout(() => frame.remove(), 1000);
}

export function printElement(el: HTMLElement, title?: string): void {
  printHtml(el.outerHTML, title);
}

export { escapeHtml };
