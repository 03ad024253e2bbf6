// Display names and table names are untrusted text from other machines: they are cleaned once,
// on the host, before anyone else can see them. Rendering them as text (never as HTML) is the
// renderer's half of the job.

export const MAX_PLAYER_NAME = 24;
export const MAX_TABLE_NAME = 40;

// Control, format (bidi overrides, zero-width), separator and unassigned/private-use code points.
const UNWANTED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/gu;

/** Trim, drop control and format characters, collapse whitespace, cap the length (in code points). */
export function cleanText(raw: string, max: number): string {
  const collapsed = raw.normalize('NFC').replace(/\s+/gu, ' ').replace(UNWANTED, '').replace(/ +/g, ' ').trim();
  return Array.from(collapsed).slice(0, max).join('').trim();
}
