/**
 * Only same-site paths are followed after a sign-in (page, SSO round trip): a crafted redirect must not send the
 * user to another site, nor back to the sign-in page.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || target.startsWith('/login')) return '/';
  return target.slice(0, 500);
}
