// The table's sizes for the few scripts that ask which one the window is: the same media queries
// as sizes.css (tests/renderer/layout-rules.test.ts checks they agree), so a size is still
// defined in one place. Styles name them as `@media (--phone)`; scripts as `matches('phone')`.

/** Each size's media query, by its name in sizes.css (without the leading `--`). */
export const SIZES = {
  phone: '(max-width: 720px), (max-height: 500px) and (orientation: landscape)',
  table: '(min-width: 721px) and (not ((max-height: 500px) and (orientation: landscape)))',
  'phone-upright': '(max-width: 720px) and (orientation: portrait)',
  'phone-upright-short': '(max-width: 720px) and (orientation: portrait) and (max-height: 700px)',
  'phone-upright-compact': '(max-width: 720px) and (orientation: portrait) and (max-height: 760px)',
  'phone-side': '(max-height: 500px) and (orientation: landscape)',
  narrow: '(max-width: 720px)',
  'narrow-side': '(max-width: 720px) and (orientation: landscape)',
  tiny: '(max-width: 520px)',
  'lobby-narrow': '(max-width: 900px)',
  'laptop-height': '(max-height: 900px)',
  large: '(min-width: 1600px) and (min-height: 950px)',
} as const;

export type Size = keyof typeof SIZES;

/** The window's media query list for a size (follow its `change` events to track it). */
export function sizeQuery(size: Size): MediaQueryList {
  return matchMedia(SIZES[size]);
}
