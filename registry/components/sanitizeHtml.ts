import DOMPurify from 'dompurify';

/** HTML from an editor, a stored record or a converted document is sanitized before it is kept or shown: no scripts, no handlers. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
