// The one permission a page of this app gets: writing a link to the clipboard (Copy link), which
// `navigator.clipboard.writeText` needs as `clipboard-sanitized-write`, for the app's own origin
// only. Everything else (camera, notifications, clipboard reads, other hosts' pages) is denied:
// the app's notices are shown by the main process, never by a page.
import { onOrigin } from './url-policy';

export const ALLOWED_PERMISSION = 'clipboard-sanitized-write';

/** True only for the clipboard write, asked by a page on `appOrigin` (null: no app origin yet). */
export function permissionAllowed(permission: string, requestingUrl: string | undefined, appOrigin: string | null): boolean {
  return permission === ALLOWED_PERMISSION && appOrigin !== null && requestingUrl !== undefined && onOrigin(requestingUrl, appOrigin);
}
