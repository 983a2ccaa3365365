/**
 * The renderer's Content Security Policy, in one place: the Electron shell sends it as a response
 * header of the app:// protocol and the browser harness sends the same header, so a violation
 * shows up in the browser tests too. Images come only from the app's own image protocol path.
 */
export function contentSecurityPolicy(options: { imageSources?: readonly string[] } = {}): string {
  const img = ["'self'", 'data:', ...(options.imageSources ?? [])].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${img}`,
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
