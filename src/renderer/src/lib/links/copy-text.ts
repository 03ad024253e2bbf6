// Copies a link from a tap. The Clipboard API exists only in a secure context (https, or this
// computer's own localhost / 127.0.0.1): a phone that opened the host at its LAN address over
// plain http has no `navigator.clipboard`. There the older copy command, run on a selected field
// during the tap, still copies. Says whether the text was copied: the caller tells the player
// when it was not (never a silent button).

export interface CopyNavigator {
  readonly clipboard?: { writeText(text: string): Promise<void> };
}

export async function copyText(text: string, nav: CopyNavigator = navigator, doc: Document = document): Promise<boolean> {
  if (nav.clipboard?.writeText) {
    try {
      await nav.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, the page not focused): the copy command may still work.
    }
  }
  return copyBySelection(text, doc);
}

/** The copy command on a field holding `text`, selected, then removed; focus goes back where it was. */
function copyBySelection(text: string, doc: Document): boolean {
  const before = doc.activeElement;
  const field = doc.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', ''); // no keyboard pops up on a phone
  field.setAttribute('aria-hidden', 'true');
  // Out of sight but laid out (a hidden field cannot be selected); set through the CSSOM, which the page's CSP allows.
  field.style.position = 'fixed';
  field.style.top = '0';
  field.style.left = '-9999px';
  field.style.opacity = '0';
  doc.body.append(field);
  let copied = false;
  try {
    field.focus();
    field.select();
    field.setSelectionRange(0, text.length);
    copied = doc.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    field.remove();
    if (before instanceof HTMLElement) before.focus();
  }
  return copied;
}
