// Where the keyboard starts on a new screen: the control it marks `data-autofocus`, else its
// first enabled control.
const CONTROLS = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function focusFirstControl(root: HTMLElement): void {
  const marked = root.querySelector<HTMLElement>('[data-autofocus]:not([disabled])');
  const first = marked ?? root.querySelector<HTMLElement>(CONTROLS);
  first?.focus({ preventScroll: true });
}
