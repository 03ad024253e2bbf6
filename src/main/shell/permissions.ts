// The permissions a page of this app gets, for the app's own origin only: writing a link to the
// clipboard (Copy link), which `navigator.clipboard.writeText` needs as
// `clipboard-sanitized-write`, and the screen's wake lock ("Keep the screen on while I play": a
// laptop on the table must not dim between turns). Everything else (camera, notifications,
// clipboard reads, other hosts' pages) is denied: the app's notices are shown by the main
// process, never by a page.
import { onOrigin } from './url-policy';

export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'screen-wake-lock']);

/** True only for the allowed permissions, asked by a page on `appOrigin` (null: no app origin yet). */
export function permissionAllowed(permission: string, requestingUrl: string | undefined, appOrigin: string | null): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && appOrigin !== null && requestingUrl !== undefined && onOrigin(requestingUrl, appOrigin);
}
