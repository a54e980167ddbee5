/**
 * A message's body arrives as the editor's HTML. It is shown as text (paragraphs and line breaks kept), never as
 * markup: a notice's author cannot put script or styles into everyone's page.
 */
export function plainBody(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
